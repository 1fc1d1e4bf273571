import { HttpException, Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RpcContract, RpcRequestOf } from '@limo/contracts';
import { ChangeDroppedCache } from '@limo/messaging';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { NATS_CONNECTION } from '../messaging/messaging.module.js';
import { ServicesClient } from '../messaging/services.client.js';
import { encodeJson, sendEncoded, type EncodedBody } from '../http/encoded-body.js';

/** Admin answers: a browser may keep them but must ask again (an ETag makes that a 304). */
const ADMIN_CACHE_CONTROL = 'private, no-cache';

/** What the admin is told when reporting cannot answer and no earlier figures are at hand. */
export const FIGURES_UNAVAILABLE = 'The figures are unavailable right now (reporting is not answering); please try again shortly';

/** On figures from before an outage: when reporting gave them (ISO 8601). Absent on fresh figures. */
const STALE_FIGURES_HEADER = 'Figures-As-Of';

/** Reporting's answers kept for an outage, per replica (most recent requests). */
const LAST_ANSWERS = 200;

/** Reporting down, failing or too slow (5xx), as opposed to a request it refused (4xx). */
const isOutage = (error: unknown) => error instanceof HttpException && error.getStatus() >= 500;

/** An outage as the admin's calls answer it: 503 with FIGURES_UNAVAILABLE. Anything else as it was. */
export function figuresUnavailable(error: unknown): never {
  if (isOutage(error)) throw new HttpException({ statusCode: 503, message: FIGURES_UNAVAILABLE }, 503);
  throw error;
}

/**
 * The dashboard's and reports' figures, kept per gateway replica by request and dropped each
 * time reporting announces that it committed events into its projections: a dashboard open in
 * several browsers (each polling) asks reporting, serialises and compresses once per change, not
 * once per poll, and a completed ride still shows within milliseconds (`npm run bench
 * freshness`). Answers that move with the clock alone (the alert window, a new LA day) are at
 * most REPORTING_CACHE_MS old. While reporting is out, the last answer to each request is sent
 * again, marked with STALE_FIGURES_HEADER; without one, a 503 says the figures are unavailable.
 */
@Injectable()
export class ReportingAnswers implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('ReportingAnswers');
  private readonly cache: ChangeDroppedCache;
  private readonly lastAnswers = new Map<string, { body: EncodedBody; at: Date }>();

  constructor(
    private readonly services: ServicesClient,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.cache = new ChangeDroppedCache(nc, { prefix: config.NATS_PREFIX, service: 'reporting', maxAgeMs: config.REPORTING_CACHE_MS, maxEntries: 200 });
  }

  onModuleInit(): void {
    this.cache.start();
    this.log.debug('caching reporting answers between its change announcements');
  }

  onModuleDestroy(): void {
    this.cache.stop();
  }

  /** Answers the admin's request with reporting's answer, as kept (or a 304 when the browser has it). */
  async send<C extends RpcContract>(req: FastifyRequest, res: FastifyReply, contract: C, request: RpcRequestOf<C>): Promise<void> {
    const key = `${contract.subject} ${JSON.stringify(request)}`;
    let body: EncodedBody;
    try {
      body = await this.encoded(key, contract, request);
    } catch (error) {
      const last = this.lastAnswers.get(key);
      if (!last || !isOutage(error)) figuresUnavailable(error);
      res.header(STALE_FIGURES_HEADER, last.at.toISOString());
      // Never stored, and never a 304 to the fresh answer's ETag: a 304 would add the stale mark
      // to the browser's stored copy, where it would stay after the outage.
      return sendEncoded(req, res, { ...last.body, etag: `W/"stale-${last.at.getTime()}"` }, 'private, no-store');
    }
    sendEncoded(req, res, body, ADMIN_CACHE_CONTROL);
  }

  /** The answer, serialised and compressed once per change (brotli 5: it changes with every event). */
  private encoded<C extends RpcContract>(key: string, contract: C, request: RpcRequestOf<C>): Promise<EncodedBody> {
    return this.cache.get(key, async () => {
      const body = await encodeJson(await this.services.call(contract, request), 5);
      this.keepForAnOutage(key, body);
      return body;
    });
  }

  private keepForAnOutage(key: string, body: EncodedBody): void {
    this.lastAnswers.delete(key);
    this.lastAnswers.set(key, { body, at: new Date() });
    // Oldest first: a Map iterates in insertion order.
    if (this.lastAnswers.size > LAST_ANSWERS) this.lastAnswers.delete(this.lastAnswers.keys().next().value!);
  }
}
