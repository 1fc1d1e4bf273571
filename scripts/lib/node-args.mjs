/**
 * Node options each product process runs with (npm start, the bench's and tests' product
 * processes; docker-compose.yml and the Dockerfile spell them out too).
 *
 * - The request path (the gateway and the booking service) runs with a young generation of at
 *   most 2 x 4 MB. Every HTTP call and every booking allocates its short-lived objects there;
 *   with the 1 MB semi-spaces --optimize-for-size sets (it overrides --max-semi-space-size), they
 *   were collected several times while still in use, promoted, and marked again by full
 *   collections: half of those two processes' CPU under the bookings bench (per booking with a
 *   key, booking service 1.06 -> 0.59 ms and gateway 0.82 -> 0.49; POST 636 -> 913 req/s, GET
 *   /api/vehicles 0.69x -> 0.79x the raw SELECT, `npm run bench bookings vehicles`,
 *   BENCH_NODE_ARGS to compare), for 10-20 MB more of RSS (booking 118-141 MB, gateway 120-134
 *   after the startup bench's burst; 2 x 8 MB cost more and gained nothing measurable).
 * - The other services, with a fraction of that traffic (they consume events; the fleet's list is
 *   kept by the gateway and booking replicas), run with
 *   --optimize-for-size: V8 favours memory over speed (1 MB semi-spaces, the heap grows less
 *   between collections and is handed back sooner). Without it notifications sat at 178-228 MB
 *   after the startup bench's burst, with it 132-162.
 * - --no-wasm-tier-up: Prisma's query compiler is WebAssembly; V8 compiled its hot functions
 *   again with TurboFan on background threads, whose compiler memory stayed in a 25 MB malloc arena
 *   of whichever service ran Prisma queries at start-up (notifications: 147-159 MB idle under npm
 *   start, its arena's pages binary with TurboFan's trace category among the few strings). With
 *   Liftoff's code only: notifications 130-139 MB idle and 145-147 after the startup bench's
 *   burst; `npm run bench freshness dispatch` gave the same figures both ways within the noise
 *   (drain 2,225-2,287 events/s with it, 2,211-2,342 without).
 * - --v8-pool-size=1 for the services off the request path: one V8 worker thread (concurrent
 *   marking, background compiles) instead of one per core. Each thread that allocates gets a malloc
 *   arena of its own, which keeps what it once held: in `npm run bench startup`, run alternately
 *   with and without it, drivers, fleet and reporting were 5-10 MB lower with it every time, and
 *   notifications (whose 25 MB arena, below, comes and goes from one start to the next) was above
 *   150 MB in 3 of 7 starts with it and 4 of 5 without. The drain of `npm run bench freshness` was
 *   the same (2,197 and 2,176 events/s back to back).
 * - No --enable-source-maps: it keeps every loaded module's source map in memory (about 34 MB in
 *   the booking service); stack traces point into dist/, which tsc emits line for line close to
 *   the sources.
 *
 * @param {string} name the process: 'gateway' or a service's name
 * @returns {string[]}
 */
export function productNodeArgs(name) {
  if (REQUEST_PATH.has(name)) return ['--max-semi-space-size=4', '--no-wasm-tier-up'];
  if (OTHER_SERVICES.has(name)) return ['--optimize-for-size', '--no-wasm-tier-up', '--v8-pool-size=1'];
  throw new Error(`No Node options for a process named ${name}`);
}

const REQUEST_PATH = new Set(['gateway', 'booking']);
const OTHER_SERVICES = new Set(['fleet', 'drivers', 'reporting', 'notifications', 'customers']);

/**
 * Environment every product process runs with, for the same reason (a value already in the
 * environment wins).
 *
 * - A fixed malloc mmap threshold of 32 KB. Left dynamic, glibc raises it to the size of any
 *   large block that is freed (mallopt(3), M_MMAP_THRESHOLD), so later large blocks (V8's
 *   compiler zones, pg and NATS buffers) come from the heaps of threads and stay resident once
 *   freed: 40-60 MB in per-thread arenas of the notifications service after 200 bookings. Fixed
 *   at glibc's default of 128 KB, large blocks were mmapped and handed back when freed (after that
 *   burst, notifications 175 MB instead of 232, reporting 134 instead of 160), but the segments of
 *   V8's compiler zones are at most 32 KB: a compile on a V8 worker thread still left its segments
 *   in that thread's arena, the 25 MB that put notifications over 150 MB in some starts. At 32 KB
 *   they are mmapped too: notifications 121-122 / 128-129 / 129-130 MB (idle, after the burst,
 *   10 s later) in four runs of `npm run bench startup`, against 125-162 / 134-166 / 136-167
 *   before, and the same bookings throughput back to back (`npm run bench bookings`, 6 s series).
 */
export const PRODUCT_ENV = { MALLOC_MMAP_THRESHOLD_: '32768' };
