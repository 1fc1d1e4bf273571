import { Controller, Get, Header } from '@nestjs/common';
import { Registry } from '@limo/observability';

/** `GET /metrics` on the instance's metrics port, in Prometheus's text format. */
@Controller('metrics')
export class MetricsController {
  constructor(private readonly registry: Registry) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  async metrics(): Promise<string> {
    return this.registry.metrics();
  }
}
