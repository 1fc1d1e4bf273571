import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { RUNTIME, type ServiceRuntime } from '@limo/service-runtime';
import { purgeIdempotencyKeys } from './idempotency.store.js';

const EVERY_MS = 3600_000;

/** Deletes Idempotency-Keys older than a day, once an hour (any replica; the delete is idempotent). */
@Injectable()
export class IdempotencyCleanup implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('IdempotencyCleanup');
  private timer: NodeJS.Timeout | undefined;

  constructor(@Inject(RUNTIME) private readonly runtime: ServiceRuntime) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.run(), EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async run(): Promise<number> {
    try {
      return await purgeIdempotencyKeys(this.runtime.db);
    } catch (error) {
      this.log.warn(`idempotency key cleanup failed: ${(error as Error).message}`);
      return 0;
    }
  }
}
