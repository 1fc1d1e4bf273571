import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { DeliveryError } from './delivery-error.js';

/** A file sent with an email (a company's statement: its PDF and CSV). */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Email {
  /** Also the Message-ID's local part, so a message and its copy in the outbox folder match. */
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: EmailAttachment[];
}

export interface EmailTransport {
  /** Resolves with the provider's id once the server has taken the message. */
  send(email: Email): Promise<{ providerId: string }>;
  close(): void;
}

/** nodemailer codes for failures before the server took the message: nothing was delivered. */
const NOT_DELIVERED_CODES = new Set(['ECONNECTION', 'EDNS', 'EAUTH', 'ENOAUTH', 'ETLS', 'EENVELOPE', 'ECONFIG']);

interface SmtpError {
  code?: string;
  command?: string;
  responseCode?: number;
  message?: string;
}

/**
 * Whether an SMTP failure could still have delivered the message: a rejection the server
 * answered (a 4xx/5xx reply), or a failure while connecting, cannot; a socket that broke or a
 * timeout after the message went out could.
 */
export function smtpFailure(error: unknown): DeliveryError {
  const e = (error ?? {}) as SmtpError;
  const notDelivered = e.responseCode !== undefined || NOT_DELIVERED_CODES.has(e.code ?? '') || e.command === 'CONN';
  return new DeliveryError(`SMTP ${e.code ?? 'error'}${e.responseCode ? ` ${e.responseCode}` : ''}: ${e.message ?? String(error)}`, !notDelivered);
}

/** Email over SMTP (SMTP_URL), e.g. smtp://user:pass@smtp.example.com:587. */
export class SmtpEmailTransport implements EmailTransport {
  private readonly transporter: Transporter;

  constructor(url: string) {
    this.transporter = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as Parameters<typeof nodemailer.createTransport>[0]);
  }

  async send(email: Email): Promise<{ providerId: string }> {
    try {
      const info = await this.transporter.sendMail(toMail(email));
      return { providerId: info.messageId };
    } catch (error) {
      throw smtpFailure(error);
    }
  }

  close(): void {
    this.transporter.close();
  }
}

/** No SMTP server configured: each email is written as an .eml file (opens in any mail app). */
export class FolderEmailTransport implements EmailTransport {
  private readonly transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(private readonly dir: string) {}

  async send(email: Email): Promise<{ providerId: string }> {
    const info = await this.transporter.sendMail(toMail(email));
    await mkdir(this.dir, { recursive: true });
    const file = join(this.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${email.id}.eml`);
    await writeFile(file, info.message as Buffer);
    return { providerId: file };
  }

  close(): void {}
}

function toMail(email: Email) {
  const { id, attachments, ...rest } = email;
  return { messageId: `<${id}@notifications.limo>`, ...rest, ...(attachments?.length ? { attachments } : {}) };
}
