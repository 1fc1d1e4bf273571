import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { z } from 'zod';
import { bookingRpc } from '@limo/contracts';
import { BookingsRepository } from './bookings.repository.js';

/** What a handler receives: the transport has already parsed the request with its contract. */
type Parsed<C extends { request: z.ZodType }> = z.output<C['request']>;

@Controller()
export class BookingsHandlers {
  constructor(private readonly bookings: BookingsRepository) {}

  @MessagePattern(bookingRpc.create.subject)
  create({ booking, idempotencyKey }: Parsed<typeof bookingRpc.create>) {
    return this.bookings.create(booking, idempotencyKey);
  }

  @MessagePattern(bookingRpc.list.subject)
  list({ cursor, limit }: Parsed<typeof bookingRpc.list>) {
    return this.bookings.list(cursor, limit);
  }

  @MessagePattern(bookingRpc.listPending.subject)
  listPending({ cursor, limit }: Parsed<typeof bookingRpc.listPending>) {
    return this.bookings.listPending(cursor, limit);
  }

  @MessagePattern(bookingRpc.update.subject)
  update({ id, changes }: Parsed<typeof bookingRpc.update>) {
    return this.bookings.update(id, changes);
  }

  @MessagePattern(bookingRpc.snapshots.subject)
  snapshots({ afterId, limit }: Parsed<typeof bookingRpc.snapshots>) {
    return this.bookings.snapshots(afterId, limit);
  }
}
