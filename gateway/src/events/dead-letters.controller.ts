import { Controller, Get, Inject } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { z } from 'zod';
import { DeadLetterEntry } from '@limo/contracts';
import { listDeadLetters } from '@limo/messaging';
import { AdminOnly } from '../auth/admin-only.decorator.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { NATS_CONNECTION } from '../messaging/messaging.module.js';

/** The events consumers could never apply, for an operator to read before `npm run events:redrive`. */
@AdminOnly()
@Controller('api/admin/dead-letters')
export class DeadLettersController {
  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get()
  @ApiResponse(z.array(DeadLetterEntry), { description: 'Oldest first, at most 100' })
  async list(): Promise<DeadLetterEntry[]> {
    // The original's position is for the redrive's check, not part of the entry.
    return (await listDeadLetters(this.nc, this.config.NATS_PREFIX, 100)).map(({ originalSeq: _, ...entry }) => entry);
  }
}
