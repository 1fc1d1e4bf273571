import { Logger } from '@nestjs/common';
import { COMPANY } from '@limo/contracts/common/company';
import type { NotificationsConfig } from '../notifications.config.js';
import { FolderEmailTransport, SmtpEmailTransport, type EmailTransport } from './email-transport.js';
import { FolderSmsTransport, TwilioSmsTransport, type SmsTransport } from './sms-transport.js';

/** The configured ways out: SMTP or the outbox folder for email, Twilio or the dev folder for SMS. */
export class Transports {
  readonly email: EmailTransport;
  readonly sms: SmsTransport;
  readonly from: string;

  constructor(config: NotificationsConfig) {
    const log = new Logger('Transports');
    this.email = config.SMTP_URL ? new SmtpEmailTransport(config.SMTP_URL) : new FolderEmailTransport(config.MAIL_OUTBOX_DIR);
    this.sms =
      config.SMS_PROVIDER === 'twilio'
        ? new TwilioSmsTransport({ accountSid: config.TWILIO_ACCOUNT_SID!, authToken: config.TWILIO_AUTH_TOKEN!, from: config.TWILIO_FROM! })
        : new FolderSmsTransport(config.SMS_OUTBOX_DIR, (line) => log.log(line));
    this.from = config.MAIL_FROM ?? `"${COMPANY.name}" <${COMPANY.email}>`;
    if (!config.SMTP_URL) log.log(`SMTP_URL not set: emails are written to ${config.MAIL_OUTBOX_DIR}`);
  }
}
