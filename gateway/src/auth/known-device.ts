import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The known-device cookie: proof that this browser signed in as a username before, so that
 * username's failure delays do not apply to it. Signed with AUTH_COOKIE_SECRET (shared by the
 * gateway replicas); it names no one in clear (a hash of the username) and grants nothing else.
 */
export class KnownDevice {
  /**
   * A username's cookie, as issued: it is the same on every call, and checking it on every admin
   * request (the dashboard polls) cost a SHA-256 and an HMAC each time. Usernames are few.
   */
  private readonly issued = new Map<string, string>();

  constructor(private readonly secret: string) {}

  static readonly MAX_AGE_DAYS = 90;
  private static readonly REMEMBERED = 1000;

  issue(username: string): string {
    const name = username.toLowerCase();
    let cookie = this.issued.get(name);
    if (cookie === undefined) {
      const body = createHash('sha256').update(name).digest('base64url').slice(0, 22);
      cookie = `${body}.${this.sign(body)}`;
      if (this.issued.size >= KnownDevice.REMEMBERED) this.issued.clear();
      this.issued.set(name, cookie);
    }
    return cookie;
  }

  /** Whether the cookie was issued by us for this username. */
  vouchesFor(cookie: string | undefined, username: string): boolean {
    if (!cookie) return false;
    const expected = this.issue(username);
    const a = Buffer.from(cookie);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  private sign(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }
}
