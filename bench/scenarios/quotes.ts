import { addDays, businessToday } from '@limo/contracts';
import { fetchOk, runLoad } from '../lib/load.js';
import { startStackProcess } from '../lib/stack-process.js';
import { printTable } from '../lib/stats.js';
import { sizeSetting } from '../lib/size.js';

const LAX = 'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045';

/** Rides as the wizard asks them while a customer types: zone pairs, a distance fare, hours, a round trip. */
function quoteBodies(pickupDate: string): string[] {
  const ride = { tripType: 'one-way', pickupDate, pickupTime: '15:00', pickupLocation: LAX, passengers: 2, vehicleId: 1, meetGreet: false, childSeats: false };
  return [
    { ...ride, dropoffLocation: 'Santa Monica Pier, 200 Santa Monica Pier, Santa Monica, CA 90401' },
    { ...ride, dropoffLocation: 'The Beverly Hills Hotel, 9641 Sunset Blvd, Beverly Hills, CA 90210', meetGreet: true },
    { ...ride, dropoffLocation: 'Pasadena', vehicleId: 2 },
    { ...ride, dropoffLocation: 'Union Station, 800 N Alameda St, Los Angeles, CA 90012' },
    { ...ride, tripType: 'hourly', duration: 4, vehicleId: 3 },
    { ...ride, dropoffLocation: 'Santa Monica', returnTrip: { pickupDate: addDays(pickupDate, 1), pickupTime: '16:00' } },
  ].map((body) => JSON.stringify(body));
}

/**
 * POST /api/quotes (gateway -> NATS -> booking service's rate engine, every vehicle priced) at 50
 * clients, beside GET /api/vehicles and GET /api/price-guide (both sent from the gateway's memory)
 * in the same run. Targets (issue 33): quotes p99 <= 20 ms and >= 0.5x
 * the vehicles' req/s; the price guide's p99 <= 5 ms.
 */
export async function run(): Promise<void> {
  const concurrency = 50;
  const durationMs = sizeSetting('BENCH_DURATION_MS', 10_000, 300);
  const stack = await startStackProcess(['fleet', 'booking']);
  const bodies = quoteBodies(addDays(businessToday(), 3));
  const json = { 'content-type': 'application/json' };
  try {
    const vehicles = await runLoad({
      label: 'GET /api/vehicles',
      concurrency,
      durationMs,
      warmup: 200,
      op: () => fetchOk(`${stack.baseUrl}/api/vehicles`),
    });
    const quotes = await runLoad({
      label: 'POST /api/quotes',
      concurrency,
      durationMs,
      // Each of the rides several times over, so the engine's code is as warm as the other series'.
      warmup: 1000,
      op: (i) => fetchOk(`${stack.baseUrl}/api/quotes`, { method: 'POST', headers: json, body: bodies[Math.abs(i) % bodies.length] }),
    });
    const guide = await runLoad({
      label: 'GET /api/price-guide',
      concurrency,
      durationMs,
      warmup: 200,
      op: () => fetchOk(`${stack.baseUrl}/api/price-guide`),
    });
    printTable(`quotes (concurrency ${concurrency}, ${durationMs / 1000} s each)`, [quotes, vehicles, guide]);
    console.log(`| figure | value | target |`);
    console.log(`|---|---:|---|`);
    console.log(`| quotes p99 | ${quotes.p99Ms.toFixed(2)} ms | <= 20 ms |`);
    console.log(`| quotes / vehicles req/s | ${(quotes.throughput / vehicles.throughput).toFixed(2)}x | >= 0.5x |`);
    console.log(`| price guide p99 | ${guide.p99Ms.toFixed(2)} ms | <= 5 ms |`);
  } finally {
    await stack.stop();
  }
}
