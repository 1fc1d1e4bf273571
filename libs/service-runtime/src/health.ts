import { Controller, Get, Inject, type Type } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import type { NatsConnection } from '@nats-io/transport-node';
import { healthRpc, type ServiceHealth } from '@limo/contracts';
import type { SqlExecutor } from '@limo/database';
import { OnRpc } from '@limo/messaging';
import { DATABASE, NATS_CONNECTION, SERVICE_IDENTITY, type ServiceIdentity } from './tokens.js';

/** This instance's database, measured with one round trip. */
export async function databaseHealth(db: SqlExecutor): Promise<ServiceHealth['database']> {
  const started = performance.now();
  try {
    await db.$queryRawUnsafe('SELECT 1');
    return { status: 'up', latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { status: 'down', detail: (error as Error).message };
  }
}

/** Answers `<service>.health.check.v1` (what the gateway's /api/health asks every service). */
export function serviceHealthHandlers(service: string): Type<unknown> {
  const contract = healthRpc(service);
  @Controller()
  class ServiceHealthHandlers {
    constructor(
      @Inject(DATABASE) private readonly db: SqlExecutor,
      @Inject(SERVICE_IDENTITY) private readonly identity: ServiceIdentity,
    ) {}

    @OnRpc(contract)
    async check(): Promise<ServiceHealth> {
      return { service, instance: this.identity.instance, database: await databaseHealth(this.db) };
    }
  }
  return ServiceHealthHandlers;
}

/**
 * The instance's own probes on its metrics port: liveness (the process answers) and readiness
 * (its database answers and its NATS connection is open), for an orchestrator to restart or
 * route around it.
 */
@Controller('health')
export class InstanceHealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(DATABASE) private readonly db: SqlExecutor,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
  ) {}

  @Get('live')
  @HealthCheck()
  live() {
    return this.health.check([async () => this.indicators.check('process').up()]);
  }

  @Get('ready')
  @HealthCheck()
  ready() {
    return this.health.check([
      async () => {
        const database = await databaseHealth(this.db);
        const check = this.indicators.check('database');
        return database.status === 'up' ? check.up({ latencyMs: database.latencyMs }) : check.down({ detail: database.detail });
      },
      async () => (this.nc.isClosed() ? this.indicators.check('nats').down() : this.indicators.check('nats').up()),
    ]);
  }
}
