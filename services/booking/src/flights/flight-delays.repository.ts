import { Injectable } from '@nestjs/common';
import { PrismaClient } from '../generated/prisma/client.js';
import { addDays } from '@limo/contracts';

const day = (date: string) => new Date(`${date}T00:00:00Z`);

/** The simulated provider's "what if" delays, one per flight and Los Angeles date. */
@Injectable()
export class FlightDelaysRepository {
  constructor(private readonly db: PrismaClient) {}

  async minutes(flightNumber: string, date: string): Promise<number> {
    const row = await this.db.flightDelay.findUnique({ where: { flightNumber_date: { flightNumber, date: day(date) } } });
    return row?.minutes ?? 0;
  }

  /** Sets the delay (0 removes it) and asks for the flight's rides at the next poll; returns how many there are. */
  set(flightNumber: string, date: string, minutes: number, setBy: string | null): Promise<number> {
    return this.db.$transaction(async (tx) => {
      if (minutes === 0) await tx.flightDelay.deleteMany({ where: { flightNumber, date: day(date) } });
      else
        await tx.flightDelay.upsert({
          where: { flightNumber_date: { flightNumber, date: day(date) } },
          create: { flightNumber, date: day(date), minutes, setBy },
          update: { minutes, setBy },
        });
      // The flight's rides: their pickups fall on its day, or the next when it lands late in the evening.
      const rides = await tx.booking.updateMany({
        where: { flightNumber, pickupDate: { in: [day(date), day(addDays(date, 1))] }, status: { in: ['pending', 'confirmed'] } },
        data: { flightCheckedAt: null },
      });
      return rides.count;
    });
  }
}
