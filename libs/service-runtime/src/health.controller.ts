import { Controller, Inject, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { healthRpc, type ServiceHealth, type ServiceName } from '@limo/contracts';
import { RUNTIME, type ServiceRuntime } from './runtime.js';

/** Answers `<service>.health.check.v1` with the state of this instance's database connection. */
export function healthController(service: ServiceName): Type<unknown> {
  @Controller()
  class HealthController {
    constructor(@Inject(RUNTIME) private readonly runtime: ServiceRuntime) {}

    @MessagePattern(healthRpc(service).subject)
    async check(): Promise<ServiceHealth> {
      const started = performance.now();
      try {
        await this.runtime.db.$queryRawUnsafe('SELECT 1');
        return {
          service,
          instance: this.runtime.instance,
          database: { status: 'up', latencyMs: Math.round(performance.now() - started) },
        };
      } catch (error) {
        return { service, instance: this.runtime.instance, database: { status: 'down', detail: (error as Error).message } };
      }
    }
  }
  return HealthController;
}
