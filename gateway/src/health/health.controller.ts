import { Controller, Get, Inject, Res } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Redis } from 'ioredis';
import { HealthReport, healthRpc, ProbeReport, SERVICES, type ComponentHealth } from '@limo/contracts';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { consumerLags, deadLetterCount } from '@limo/messaging';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { NATS_CONNECTION } from '../messaging/messaging.module.js';
import { ServicesClient } from '../messaging/services.client.js';
import { REDIS } from '../redis/redis.module.js';

const CHECK_TIMEOUT_MS = 1500;

/**
 * `GET /api/health`: the gateway, each service (and through them Postgres), NATS and Redis.
 * 200 when all are up, 503 otherwise, always with the full report. `live` and `ready` are the
 * gateway's own probes for an orchestrator: the process answers; it can reach NATS and Redis.
 */
@Controller('api/health')
export class HealthController {
  constructor(
    private readonly services: ServicesClient,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
  ) {}

  @Get('live')
  @HealthCheck()
  @ApiResponse(ProbeReport, { description: 'The gateway process answers' })
  live() {
    return this.health.check([async () => this.indicators.check('process').up()]);
  }

  @Get('ready')
  @HealthCheck()
  @ApiResponse(ProbeReport, { description: 'The gateway reaches NATS and Redis' })
  @ApiResponse(ProbeReport, { status: 503, description: 'NATS or Redis is out of reach' })
  ready() {
    return this.health.check([
      async () => (this.nc.isClosed() ? this.indicators.check('nats').down() : this.indicators.check('nats').up()),
      async () => {
        const redis = await timed(() => withTimeout(this.redis.ping(), CHECK_TIMEOUT_MS));
        return redis.health.status === 'up' ? this.indicators.check('redis').up() : this.indicators.check('redis').down({ detail: redis.health.detail });
      },
    ]);
  }

  @Get()
  @ApiResponse(HealthReport, { description: 'Everything is up (status ok), or serving with something for an operator to see (status degraded)' })
  @ApiResponse(HealthReport, { status: 503, description: 'Something is down: the report says what' })
  async check(@Res() res: FastifyReply): Promise<void> {
    const components: Record<string, ComponentHealth> = { gateway: { status: 'up' } };
    const [nats, redis, events, ...services] = await Promise.all([
      timed(() => this.nc.rtt()),
      timed(() => withTimeout(this.redis.ping(), CHECK_TIMEOUT_MS)),
      withTimeout(this.eventsHealth(), CHECK_TIMEOUT_MS).catch((error: Error): ComponentHealth => ({ status: 'down', detail: error.message })),
      ...SERVICES.map((service) => timed(() => this.services.call(healthRpc(service), {}, CHECK_TIMEOUT_MS))),
    ]);
    components.nats = nats.health;
    components.redis = redis.health;
    components.events = events;
    const databaseStates: ComponentHealth[] = [];
    SERVICES.forEach((service, i) => {
      components[service] = services[i].health;
      const report = services[i].value as { database: ComponentHealth } | undefined;
      if (report) databaseStates.push(report.database);
    });
    components.postgres =
      databaseStates.length === 0
        ? { status: 'down', detail: 'no service could report on its database' }
        : databaseStates.find((d) => d.status === 'down') ?? databaseStates[0];
    const states = Object.values(components).map((c) => c.status);
    const report: HealthReport = { status: states.every((s) => s === 'up') ? 'ok' : 'degraded', components };
    // Degraded (dead letters, a consumer far behind) still serves: only something down is a 503.
    res.code(states.includes('down') ? 503 : 200).send(report);
  }

  /**
   * The event pipeline: dead letters waiting for an operator, and how far behind the slowest
   * consumer is. Either one makes it degraded, not down: the product still serves.
   */
  private async eventsHealth(): Promise<ComponentHealth> {
    const [deadLetters, lags] = await Promise.all([deadLetterCount(this.nc, this.config.NATS_PREFIX), consumerLags(this.nc, this.config.NATS_PREFIX)]);
    const slowest = lags.reduce((max, l) => Math.max(max, l.oldestSeconds), 0);
    const lagSeconds = Math.round(slowest * 10) / 10;
    const problems = [
      ...(deadLetters > 0 ? [`${deadLetters} dead letter(s): see GET /api/admin/dead-letters, then npm run events:redrive`] : []),
      ...lags.filter((l) => l.oldestSeconds > this.config.HEALTH_MAX_EVENT_LAG_S).map((l) => `${l.durable} is ${Math.round(l.oldestSeconds)} s behind (${l.pending} events)`),
    ];
    return { status: problems.length ? 'degraded' : 'up', lagSeconds, deadLetters, ...(problems.length ? { detail: problems.join('; ') } : {}) };
  }
}

async function timed<T>(fn: () => Promise<T>): Promise<{ health: ComponentHealth; value?: T }> {
  const started = performance.now();
  try {
    const value = await fn();
    return { health: { status: 'up', latencyMs: Math.round(performance.now() - started) }, value };
  } catch (error) {
    return { health: { status: 'down', detail: (error as Error).message } };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref()),
  ]);
}
