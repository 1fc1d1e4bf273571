import { Logger } from '@nestjs/common';
import type { RunningService } from './runtime.js';

/** Stops the service cleanly on SIGINT/SIGTERM, so in-flight messages are acked or redelivered. */
export function stopOnSignals(running: RunningService, name: string): void {
  const log = new Logger(name);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log.log(`${signal}: stopping`);
      running.stop().then(
        () => process.exit(0),
        (error) => {
          log.error(`stop failed: ${(error as Error).message}`);
          process.exit(1);
        },
      );
    });
  }
}
