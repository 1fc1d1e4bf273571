import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DeliveryError } from './delivery-error.js';

export interface TextMessage {
  id: string;
  to: string;
  body: string;
}

/** Where text messages go: a provider behind configuration (SMS_PROVIDER). */
export interface SmsTransport {
  send(message: TextMessage): Promise<{ providerId: string }>;
}

/** Shows only the last 4 digits of a phone number in logs. */
export const maskPhone = (phone: string) => `…${phone.replace(/\D/g, '').slice(-4)}`;

/** Development: each text is logged (number masked) and written into a folder; nothing leaves the machine. */
export class FolderSmsTransport implements SmsTransport {
  constructor(
    private readonly dir: string,
    private readonly log: (line: string) => void,
  ) {}

  async send(message: TextMessage): Promise<{ providerId: string }> {
    await mkdir(this.dir, { recursive: true });
    const file = join(this.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.id}.txt`);
    await writeFile(file, `To: ${message.to}\n\n${message.body}\n`);
    this.log(`SMS to ${maskPhone(message.to)} written to ${file}`);
    return { providerId: file };
  }
}

/** US numbers as typed on the form ("(310) 555-0142") to E.164; numbers with a + are kept. */
export function toE164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return `+${digits}`;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return `+${digits}`;
}

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  from: string;
  /** Overridable for a test double of the API; Twilio's own by default. */
  apiBase?: string;
}

/** Twilio's Messages REST API over fetch (no SDK needed for one call). */
export class TwilioSmsTransport implements SmsTransport {
  constructor(private readonly settings: TwilioSettings) {}

  async send(message: TextMessage): Promise<{ providerId: string }> {
    const { accountSid, authToken, from, apiBase = 'https://api.twilio.com' } = this.settings;
    let res: Response;
    try {
      res = await fetch(`${apiBase}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ To: toE164(message.to), From: from, Body: message.body }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      // Refused or unresolvable: the request never reached Twilio. Anything else (a timeout) might have.
      const code = ((error as { cause?: { code?: string } }).cause?.code ?? '') as string;
      throw new DeliveryError(`Twilio unreachable: ${code || (error as Error).message}`, !['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'].includes(code));
    }
    const body = (await res.json().catch(() => ({}))) as { sid?: string; message?: string };
    // Twilio answered: a refusal means it did not take the message.
    if (!res.ok) throw new DeliveryError(`Twilio ${res.status}: ${body.message ?? res.statusText}`, false);
    return { providerId: body.sid ?? '' };
  }
}
