import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { Observable } from 'rxjs';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { HttpExceptionWithHeaders } from '../http/http-exception.filter.js';
import { REDIS } from '../redis/redis.module.js';
import { unlessRedisIsDown } from '../redis/redis-unavailable.js';

/** A stream holds its place this long without renewing it: a replica that dies lets its streams' places lapse. */
const LEASE_MS = 60_000;
const RENEW_MS = 20_000;
const UNAVAILABLE = 'Live tracking is temporarily unavailable, please try again shortly';

const hash = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

/**
 * The open tracking streams, counted in Redis across the gateway replicas, so that one public link
 * (or one address) cannot hold open hundreds of streams: each stream holds a place in the ride's
 * and the address's sorted sets, renewed while it is open and given back when it closes.
 */
@Injectable()
export class TrackingStreams {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** The stream, once it has a place for this ride and this address; 429 when either is full. */
  async open<T>(bookingId: number, ip: string, stream: Observable<T>): Promise<Observable<T>> {
    const id = randomUUID();
    const places: [string, number][] = [
      [`track-streams:ride:${bookingId}`, this.config.TRACKING_STREAMS_PER_RIDE],
      [`track-streams:ip:${hash(ip)}`, this.config.TRACKING_STREAMS_PER_ADDRESS],
    ];
    const taken = await unlessRedisIsDown(UNAVAILABLE, () => this.take(id, places));
    if (!taken) {
      await unlessRedisIsDown(UNAVAILABLE, () => this.giveBack(id, places));
      throw new HttpExceptionWithHeaders(429, 'Too many live tracking streams are open for this ride or from this address', { 'Retry-After': '30' });
    }
    return new Observable<T>((subscriber) => {
      const renew = setInterval(() => void this.renew(id, places).catch(() => {}), RENEW_MS);
      const subscription = stream.subscribe(subscriber);
      return () => {
        clearInterval(renew);
        subscription.unsubscribe();
        void this.giveBack(id, places).catch(() => {});
      };
    });
  }

  /** Adds the stream to each set (dropping lapsed places first); whether every set is still within its limit. */
  private async take(id: string, places: [string, number][]): Promise<boolean> {
    const now = Date.now();
    const multi = this.redis.multi();
    for (const [key] of places) multi.zremrangebyscore(key, '-inf', now - LEASE_MS).zadd(key, now, id).zcard(key).pexpire(key, LEASE_MS);
    const results = (await multi.exec()) ?? [];
    return places.every(([, limit], i) => Number(results[i * 4 + 2]?.[1] ?? Infinity) <= limit);
  }

  private async renew(id: string, places: [string, number][]): Promise<void> {
    const multi = this.redis.multi();
    for (const [key] of places) multi.zadd(key, 'XX', Date.now(), id).pexpire(key, LEASE_MS);
    await multi.exec();
  }

  private async giveBack(id: string, places: [string, number][]): Promise<void> {
    const multi = this.redis.multi();
    for (const [key] of places) multi.zrem(key, id);
    await multi.exec();
  }
}
