import 'reflect-metadata';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { BadRequestException, Body, Controller, Get, Headers, HttpCode, Inject, Module, Post, UnprocessableEntityException } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { PrismaPg } from '@prisma/adapter-pg';
import { BookingRequest, describeZodError, IdempotencyKey, Vehicle } from '@limo/contracts';
// The product's own rules for the row (pricing included), so both do the same work; its data files are copied beside them (package.json build).
import { newBookingData } from '../../services/booking/src/bookings/booking-rules.js';
import { leadTimeProblem, seatingProblem } from '../../services/booking/src/rides/ride-rules.js';
import { SOCAL_PLACES } from '../../services/booking/src/addresses/socal-places.js';
import { defaultRateTable } from '../../services/booking/src/rates/default-rates.js';
import { PlaceLocator } from '../../services/booking/src/rates/place-locator.js';
import { quoteRide } from '../../services/booking/src/rates/quote-ride.js';
import { vehicleRateFor } from '../../services/booking/src/rates/quote-rides/quote-rides.use-case.js';
import { loadZones } from '../../services/booking/src/rates/rate-zones.js';
import { Prisma, PrismaClient as BookingClient } from '../../services/booking/src/generated/prisma/client.js';
import { PrismaClient as FleetClient } from '../../services/fleet/src/generated/prisma/client.js';

/*
 * The comparator for the booking chain: what a team would build instead of services, a single
 * NestJS + Prisma process on the gateway's HTTP platform (Fastify), written the ordinary way (an
 * interactive transaction, Prisma's model calls). It does what POST /api/bookings does for its
 * answer: validates with the same contract, prices, claims the Idempotency-Key, stores the booking
 * and its outbox event and the key's response in one transaction; GET /api/vehicles reads the
 * same table. It runs against the bench stack's own database, so both write into identical
 * tables. Not shipped: bench only.
 */

const BOOKING_DB = Symbol('booking-db');
const PLACES = new PlaceLocator(SOCAL_PLACES, loadZones(new URL('../../services/booking/data/rate-zones.json', import.meta.url), SOCAL_PLACES));
const FLEET_DB = Symbol('fleet-db');
const SCOPE = 'bookings.create';

/** Ten characters: a collision (which the product retries) would be mistaken for a replay here. */
function reference(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `MN-${[...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

@Controller('api')
class MonolithController {
  constructor(
    @Inject(BOOKING_DB) private readonly bookings: BookingClient,
    @Inject(FLEET_DB) private readonly fleet: FleetClient,
  ) {}

  @Get('vehicles')
  vehicles() {
    return this.fleet.vehicle.findMany({ orderBy: { id: 'asc' } });
  }

  @Post('bookings')
  @HttpCode(201)
  async create(@Body() body: unknown, @Headers('idempotency-key') rawKey: string | undefined) {
    const parsed = BookingRequest.safeParse(body);
    if (!parsed.success) throw new BadRequestException(describeZodError(parsed.error).message);
    const key = rawKey === undefined ? undefined : IdempotencyKey.safeParse(rawKey);
    if (key && !key.success) throw new BadRequestException(describeZodError(key.error).message);
    const request = parsed.data;
    // The same rules as the booking service: lead time, a vehicle that seats the party, the price
    // with its offer; the fleet is read in-process, where the product asks the fleet service.
    const now = new Date();
    const tooSoon = leadTimeProblem(request, now, 120);
    if (tooSoon) throw new BadRequestException(tooSoon);
    const rows = await this.fleet.vehicle.findMany({ orderBy: { id: 'asc' } });
    const vehicles = Vehicle.array().parse(rows.map((v) => ({ ...v, baseRate: v.baseRate.toFixed(2) })));
    const unseated = seatingProblem(request, vehicles);
    if (unseated) throw new BadRequestException(unseated);
    const table = defaultRateTable(vehicles);
    const [pickup, dropoff] = await Promise.all([PLACES.locate(request.pickupLocation), PLACES.locate(request.dropoffLocation ?? '')]);
    const offerFacts = { ...request, passengers: request.passengers ?? 1, bookedAt: now };
    const ride = { ...request, pickup, dropoff: request.tripType === 'one-way' ? dropoff : null, miles: null, offerFacts };
    const quote = quoteRide(ride, table, vehicleRateFor(table, vehicles.find((v) => v.id === request.vehicleId)!)!);
    const hash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
    try {
      return await this.bookings.$transaction(async (tx) => {
        if (key) await tx.idempotencyKey.create({ data: { scope: SCOPE, key: key.data, requestHash: hash } });
        const booking = await tx.booking.create({ data: newBookingData(request, reference(), quote, 0) });
        const eventId = randomUUID();
        await tx.$executeRaw`INSERT INTO outbox_events (event_id, type, aggregate_id, payload, occurred_at)
          VALUES (${eventId}::uuid, 'monolith.booking.created', ${String(booking.id)}, ${JSON.stringify({ eventId, booking })}::jsonb, now())`;
        if (key) await tx.idempotencyKey.update({ where: { scope_key: { scope: SCOPE, key: key.data } }, data: { bookingId: booking.id, response: booking as unknown as Prisma.InputJsonValue } });
        return booking;
      });
    } catch (error) {
      // A retry with the key: the first request's booking (its transaction has committed).
      if (key && error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
        const first = await this.bookings.idempotencyKey.findUniqueOrThrow({ where: { scope_key: { scope: SCOPE, key: key.data } } });
        if (first.requestHash !== hash) throw new UnprocessableEntityException('Idempotency-Key was already used with a different request');
        return first.response;
      }
      throw error;
    }
  }
}

export async function startMonolith(databaseUrl: string, poolSize: number): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const client = (schema: string) => new PrismaPg({ connectionString: databaseUrl, options: `-c search_path=${schema}`, max: poolSize }, { schema });
  @Module({
    controllers: [MonolithController],
    providers: [
      { provide: BOOKING_DB, // Prisma waits 2 s for a connection to start a transaction by default; 50 clients on a
      // pool of 10 need longer, as the product's pool queue allows.
      useFactory: () => new BookingClient({ adapter: client('booking'), transactionOptions: { maxWait: 10_000, timeout: 10_000 } }) },
      { provide: FLEET_DB, useFactory: () => new FleetClient({ adapter: client('fleet') }) },
    ],
  })
  class MonolithModule {}
  const app = await NestFactory.create<NestFastifyApplication>(MonolithModule, new FastifyAdapter(), { logger: ['error'] });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  return { baseUrl: `http://127.0.0.1:${port}`, stop: () => app.close() };
}
