import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
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

/**
 * The dashboard's and reports' figures, kept per gateway replica by request and dropped each
 * time reporting announces that it committed events into its projections: a dashboard open in
 * several browsers (each polling) asks reporting, serialises and compresses once per change, not
 * once per poll, and a completed ride still shows within milliseconds (`npm run bench
 * freshness`). Answers that move with the clock alone (the alert window, a new LA day) are at
 * most REPORTING_CACHE_MS old.
 */
@Injectable()
export class ReportingAnswers implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('ReportingAnswers');
  private readonly cache: ChangeDroppedCache;

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
    sendEncoded(req, res, await this.encoded(contract, request), ADMIN_CACHE_CONTROL);
  }

  /** The answer, serialised and compressed once per change (brotli 5: it changes with every event). */
  private encoded<C extends RpcContract>(contract: C, request: RpcRequestOf<C>): Promise<EncodedBody> {
    return this.cache.get(`${contract.subject} ${JSON.stringify(request)}`, () => this.services.call(contract, request).then((answer) => encodeJson(answer, 5)));
  }
}
