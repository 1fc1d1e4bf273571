import { Inject, Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { NatsConnection } from '@nats-io/transport-node';
import { Queue } from 'bullmq';
import type { SqlExecutor } from '@limo/database';
import { consumerLags, type ConsumerObserver, type RpcObserver } from '@limo/messaging';
import { Counter, Gauge, Histogram, LATENCY_BUCKETS, Registry } from '@limo/observability';
import type { ServiceConfig } from './config.js';
import { DATABASE, NATS_CONNECTION, SERVICE_CONFIG } from './tokens.js';

/**
 * What a service instance reports to Prometheus besides the process defaults: RPC latency, event
 * handling outcomes, the outbox backlog and its age, each durable consumer's lag, and the depth
 * of every BullMQ queue. Gauges are read when Prometheus scrapes, not kept up to date in between.
 */
@Injectable()
export class ServiceMetrics implements RpcObserver, ConsumerObserver {
  private readonly rpcLatency: Histogram<'subject' | 'status'>;
  private readonly events: Counter<'consumer' | 'type' | 'outcome'>;
  private readonly rejections: Counter<'consumer'>;
  /** Durable consumers to report lag for (the event server registers them at start). */
  private readonly durables = new Set<string>();

  constructor(
    readonly registry: Registry,
    @Inject(DATABASE) private readonly db: SqlExecutor,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    private readonly discovery: DiscoveryService,
  ) {
    this.rpcLatency = new Histogram({
      name: 'rpc_request_duration_seconds',
      help: 'Time to answer a NATS request, by subject and HTTP-style status',
      labelNames: ['subject', 'status'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    this.events = new Counter({
      name: 'events_handled_total',
      help: 'Events handled by durable consumers: applied, duplicate (already applied), failed (will retry) or recovered (acknowledged without its effect; applied by the audit)',
      labelNames: ['consumer', 'type', 'outcome'],
      registers: [registry],
    });
    this.rejections = new Counter({
      name: 'events_rejected_total',
      help: 'Messages terminated because they can never apply (not JSON, unknown type, data against its contract)',
      labelNames: ['consumer'],
      registers: [registry],
    });
    const self = this;
    new Gauge({
      name: 'outbox_backlog_events',
      help: 'Events written to the outbox and not yet published to JetStream',
      registers: [registry],
      async collect() {
        this.set((await self.outbox()).backlog);
      },
    });
    new Gauge({
      name: 'outbox_oldest_event_age_seconds',
      help: 'Age of the oldest unpublished outbox event (0 when none)',
      registers: [registry],
      async collect() {
        this.set((await self.outbox()).oldestSeconds);
      },
    });
    new Gauge({
      name: 'event_consumer_pending_messages',
      help: 'Events in the stream not yet applied by the consumer (undelivered, or delivered and not acknowledged)',
      labelNames: ['consumer'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const lag of await self.consumerLag()) this.set({ consumer: lag.durable }, lag.pending);
      },
    });
    new Gauge({
      name: 'event_consumer_oldest_pending_seconds',
      help: "Age of the oldest event a consumer has not applied yet: how far behind its projection is",
      labelNames: ['consumer'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const lag of await self.consumerLag()) this.set({ consumer: lag.durable }, lag.oldestSeconds);
      },
    });
    new Gauge({
      name: 'job_queue_jobs',
      help: 'BullMQ jobs by queue and state (waiting, delayed, active, failed)',
      labelNames: ['queue', 'state'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const queue of self.queues()) {
          const counts = await queue.getJobCounts('waiting', 'delayed', 'active', 'failed');
          for (const [state, count] of Object.entries(counts)) this.set({ queue: queue.name, state }, count);
        }
      },
    });
  }

  answered(subject: string, status: number, seconds: number): void {
    this.rpcLatency.observe({ subject, status: String(status) }, seconds);
  }

  applied(consumer: string, type: string, outcome: 'applied' | 'duplicate' | 'recovered'): void {
    this.durables.add(consumer);
    this.events.inc({ consumer, type, outcome });
  }

  failed(consumer: string, type: string): void {
    this.durables.add(consumer);
    this.events.inc({ consumer, type, outcome: 'failed' });
  }

  rejected(consumer: string): void {
    this.rejections.inc({ consumer });
  }

  started(durable: string): void {
    this.durables.add(durable);
  }

  private async outbox(): Promise<{ backlog: number; oldestSeconds: number }> {
    const [row] = await this.db.$queryRawUnsafe<{ backlog: number; oldest: number | null }[]>(
      `SELECT count(*)::int AS backlog, extract(epoch FROM now() - min(occurred_at))::float8 AS oldest
       FROM outbox_events WHERE published_at IS NULL`,
    );
    return { backlog: row?.backlog ?? 0, oldestSeconds: Math.max(0, row?.oldest ?? 0) };
  }

  /** The lag of this service's consumers (read once per scrape, shared by the two gauges; its user may not read the stream directly). */
  private lagRead: { at: number; lags: Promise<Awaited<ReturnType<typeof consumerLags>>> } | undefined;
  private consumerLag() {
    if (this.durables.size === 0) return Promise.resolve([]);
    if (!this.lagRead || Date.now() - this.lagRead.at > 1000) this.lagRead = { at: Date.now(), lags: consumerLags(this.nc, this.config.NATS_PREFIX, this.durables, { oldestBy: 'consumer' }) };
    return this.lagRead.lags;
  }

  /** Every BullMQ queue the service registered (found in the container, so none is forgotten). */
  private queues(): Queue[] {
    return this.discovery
      .getProviders()
      .map((wrapper) => wrapper.instance as unknown)
      .filter((instance): instance is Queue => instance instanceof Queue);
  }
}
