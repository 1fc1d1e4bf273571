import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One email as the test SMTP server received it, with its headers and decoded text. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The raw message with quoted-printable bodies decoded (enough to search for words). */
  body: string;
  raw: string;
}

export interface SmtpInbox {
  url: string;
  mails: ReceivedMail[];
  /** Mails to that address. */
  to(address: string): ReceivedMail[];
  /** Recipients whose RCPT TO the server refuses with a 550 (a permanent rejection). */
  rejecting: Set<string>;
  /**
   * While true, a message is recorded as received but the server's answer to it is held back:
   * the sender has handed it over and waits (to kill the sender in between).
   */
  holding: boolean;
  close(): Promise<void>;
}

/** A file attached to a received mail, decoded. */
export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * The attachments of a raw MIME message (base64 parts with a filename, as nodemailer writes
 * them; a long filename comes split into RFC 2231 `filename*0=`, `filename*1=` pieces).
 */
export function attachmentsOf(mail: ReceivedMail): ReceivedAttachment[] {
  const parts = mail.raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const found: ReceivedAttachment[] = [];
  for (const part of parts) {
    const split = /\r?\n\r?\n/.exec(part);
    if (!split) continue;
    const head = part.slice(0, split.index).replace(/\r?\n[ \t]+/g, ' ');
    if (!/^Content-Disposition:\s*attachment/im.test(head)) continue;
    const pieces = [...head.matchAll(/filename(?:\*(\d+))?(\*)?="?([^";\r\n]+)"?/gi)].sort((a, b) => Number(a[1] ?? 0) - Number(b[1] ?? 0));
    const filename = pieces.map(([, , extended, value]) => (extended ? decodeURIComponent(value.replace(/^utf-8''/i, '')) : value)).join('');
    const contentType = /^Content-Type:\s*([^;\r\n]+)/im.exec(head)?.[1].trim() ?? '';
    const body = part.slice(split.index + split[0].length).replace(/\r?\n--[^\r\n]*--\s*$/, '');
    found.push({ filename, contentType, content: Buffer.from(body.replace(/\s+/g, ''), 'base64') });
  }
  return found;
}

/** Quoted-printable to text: soft line breaks removed, =XX bytes decoded as UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}$/i.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A real SMTP server in the test's process (the `smtp-server` package), no authentication, on a free port. */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  const rejecting = new Set<string>();
  const state = { holding: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (rejecting.has(address.address)) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1].replace(/\r?\n[ \t]/g, ' ') ?? '';
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), subject, body: decodeQuotedPrintable(raw), raw });
        if (!state.holding) callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    rejecting,
    get holding() {
      return state.holding;
    },
    set holding(value: boolean) {
      state.holding = value;
    },
    to: (address) => mails.filter((m) => m.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
