import { Controller, Get, Inject, Res } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import type { Response } from 'express';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Redis } from 'ioredis';
import { HealthReport, healthRpc, ProbeReport, SERVICES, type ComponentHealth } from '@limo/contracts';
import { ApiResponse } from '../docs/api-response.decorator.js';
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
  @ApiResponse(HealthReport, { description: 'Everything is up' })
  @ApiResponse(HealthReport, { status: 503, description: 'Something is down: the report says what' })
  async check(@Res() res: Response): Promise<void> {
    const components: Record<string, ComponentHealth> = { gateway: { status: 'up' } };
    const [nats, redis, ...services] = await Promise.all([
      timed(() => this.nc.rtt()),
      timed(() => withTimeout(this.redis.ping(), CHECK_TIMEOUT_MS)),
      ...SERVICES.map((service) => timed(() => this.services.call(healthRpc(service), {}, CHECK_TIMEOUT_MS))),
    ]);
    components.nats = nats.health;
    components.redis = redis.health;
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
    const allUp = Object.values(components).every((c) => c.status === 'up');
    const report: HealthReport = { status: allUp ? 'ok' : 'degraded', components };
    res.status(allUp ? 200 : 503).json(report);
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
