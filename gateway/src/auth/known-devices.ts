import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A known device as the sign-in that presents its cookie finds it. */
export interface KnownDevice {
  hash: string;
  /** Wrong passwords sent with it since its last right one. */
  failures: number;
}

/**
 * Known-device cookies: proof that this browser signed in as a username before, so that the
 * username's failure delay does not apply to it (LoginThrottle). Each browser's sign-in gets a
 * random value of its own; Redis keeps only its SHA-256, with the username it vouches for and its
 * failures. A holder that sends FREE_FAILURES wrong passwords is throttled like anyone else until
 * a right one, and an account's devices all end with a password reset or a deactivation: a copied
 * cookie is no skeleton key.
 */
export class KnownDevices {
  static readonly MAX_AGE_DAYS = 90;
  static readonly FREE_FAILURES = 3;
  private static readonly TTL_S = KnownDevices.MAX_AGE_DAYS * 86_400;

  /** `keyPrefix` keeps each sign-in's devices apart (`auth:admin`, `auth:driver`). */
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {}

  private deviceKey = (hash: string) => `${this.keyPrefix}:device:${hash}`;
  private accountKey = (account: string) => `${this.keyPrefix}:devices:${account}`;
  private userOf = (username: string) => sha256(username.toLowerCase());

  /** The device this cookie names, if it was issued at a sign-in as this username and has not ended since. */
  async find(cookie: string | undefined, username: string): Promise<KnownDevice | null> {
    if (!cookie || !TOKEN.test(cookie)) return null;
    const hash = sha256(cookie);
    const [user, failures] = await this.redis.hmget(this.deviceKey(hash), 'user', 'failures');
    return user === this.userOf(username) ? { hash, failures: Number(failures ?? 0) } : null;
  }

  /** Whether the device spares its holder the username's failure delay. */
  static vouches(device: KnownDevice | null): boolean {
    return device !== null && device.failures < KnownDevices.FREE_FAILURES;
  }

  /** A new device for this browser's sign-in to `account` (the key its devices end by); the cookie's value, never stored. */
  async issue(account: string, username: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const hash = sha256(token);
    await this.redis
      .multi()
      .hset(this.deviceKey(hash), { user: this.userOf(username), failures: 0 })
      .expire(this.deviceKey(hash), KnownDevices.TTL_S)
      .sadd(this.accountKey(account), hash)
      .expire(this.accountKey(account), KnownDevices.TTL_S)
      .exec();
    return token;
  }

  /** A wrong password from it. (A device ended meanwhile comes back as a bare counter that vouches for no one, and expires.) */
  async failed(device: KnownDevice): Promise<void> {
    await this.redis.multi().hincrby(this.deviceKey(device.hash), 'failures', 1).expire(this.deviceKey(device.hash), KnownDevices.TTL_S).exec();
  }

  /** The right password from it: its failures start over. */
  async succeeded(device: KnownDevice): Promise<void> {
    await this.redis.multi().hset(this.deviceKey(device.hash), 'failures', 0).expire(this.deviceKey(device.hash), KnownDevices.TTL_S).exec();
  }

  /** Ends every device of an account (a password reset, a deactivation). */
  async forget(account: string): Promise<void> {
    const hashes = await this.redis.smembers(this.accountKey(account));
    await this.redis
      .multi()
      .del(...hashes.map(this.deviceKey), this.accountKey(account))
      .exec();
  }
}
