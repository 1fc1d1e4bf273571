import { Injectable } from '@nestjs/common';
import { PrismaClient, type Booking as BookingRow, type Prisma } from '../generated/prisma/client.js';

export type BookingTx = Prisma.TransactionClient;
export type { BookingRow };

/** A ride's row as every change reads and writes it (bookings' edits, dispatch's steps); the rules live in the use cases. */
@Injectable()
export class RidesRepository {
  constructor(private readonly db: PrismaClient) {}

  find(id: number): Promise<BookingRow | null> {
    return this.db.booking.findUnique({ where: { id } });
  }

  /** The booking, locked for the rest of the transaction; null when there is none. */
  async lock(tx: BookingTx, id: number): Promise<BookingRow | null> {
    // SQL: Prisma has no row lock (SELECT ... FOR UPDATE).
    const locked = await tx.$queryRawUnsafe<{ id: number }[]>(`SELECT id FROM bookings WHERE id = $1 FOR UPDATE`, id);
    return locked.length === 0 ? null : tx.booking.findUnique({ where: { id } });
  }

  update(tx: BookingTx, id: number, data: Prisma.BookingUpdateInput): Promise<BookingRow> {
    return tx.booking.update({ where: { id }, data });
  }
}
