import { smtpFailure } from './email-transport.js';
import { retryDelay } from './message-sender.js';
import { toE164 } from './sms-transport.js';

describe('what a failed send means', () => {
  it('retries what the SMTP server refused or never accepted', () => {
    expect(smtpFailure({ code: 'EENVELOPE', responseCode: 550, message: 'rejected' }).mayHaveBeenDelivered).toBe(false);
    expect(smtpFailure({ code: 'ECONNECTION', message: 'refused' }).mayHaveBeenDelivered).toBe(false);
    expect(smtpFailure({ code: 'ETIMEDOUT', command: 'CONN', message: 'greeting' }).mayHaveBeenDelivered).toBe(false);
  });

  it('never retries a send that broke after the message went out', () => {
    expect(smtpFailure({ code: 'ETIMEDOUT', command: 'DATA', message: 'timeout' }).mayHaveBeenDelivered).toBe(true);
    expect(smtpFailure({ code: 'ESOCKET', message: 'reset' }).mayHaveBeenDelivered).toBe(true);
    expect(smtpFailure(new Error('odd')).mayHaveBeenDelivered).toBe(true);
  });

  it('doubles the retry delay per attempt up to 30 minutes', () => {
    expect([1, 2, 3].map((n) => retryDelay(1000, n))).toEqual([1000, 2000, 4000]);
    expect(retryDelay(60_000, 20)).toBe(30 * 60_000);
  });

  it('writes US numbers as typed on the form in E.164', () => {
    expect(toE164('(310) 555-0142')).toBe('+13105550142');
    expect(toE164('1 310 555 0142')).toBe('+13105550142');
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
  });
});
