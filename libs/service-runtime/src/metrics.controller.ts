import { Controller, Get, Header } from '@nestjs/common';
import { Registry } from '@limo/observability';

/** `GET /metrics` on the instance's metrics port, in Prometheus's text format (and its content type, as the gateway's). */
@Controller('metrics')
export class MetricsController {
  constructor(private readonly registry: Registry) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  async metrics(): Promise<string> {
    return this.registry.metrics();
  }
}
