import { Controller, Get, Header } from '@nestjs/common';
import { z } from 'zod';
import { Registry } from '@limo/observability';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { AdminOnly } from '../auth/admin-only.decorator.js';

/** `GET /metrics`: the gateway's Prometheus figures, for admins (or a scraper with admin credentials). */
@Controller('metrics')
@AdminOnly()
export class MetricsController {
  constructor(private readonly registry: Registry) {}

  @Get()
  @ApiResponse(z.string(), { contentType: 'text/plain', description: 'Prometheus text exposition format' })
  @Header('Cache-Control', 'no-store')
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  metrics(): Promise<string> {
    return this.registry.metrics();
  }
}
