import { Global, Module } from '@nestjs/common';
import { createRegistry, Registry } from '@limo/observability';
import { MetricsController } from './metrics.controller.js';

@Global()
@Module({
  controllers: [MetricsController],
  providers: [{ provide: Registry, useFactory: () => createRegistry('gateway') }],
  exports: [Registry],
})
export class ObservabilityModule {}
