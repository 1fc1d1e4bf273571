/**
 * Node options every product process runs with (npm start, the bench's and tests' product
 * processes; docker-compose.yml and the Dockerfile spell them out too).
 *
 * - A young generation of at most 2 x 8 MB instead of 2 x 16: V8 grows it to the limit while
 *   modules load and never gives it back, about 15-30 MB of RSS per process for nothing (the
 *   booking bench's throughput was the same, `npm run bench bookings startup`).
 * - --optimize-for-size: V8 favours memory over speed (the heap grows less between collections
 *   and is handed back sooner). With it every process but notifications stays under 150 MB idle
 *   and after the startup bench's burst (notifications 136-165 MB instead of 183-256, booking
 *   118-127 instead of 151-168), while `npm run bench bookings vehicles` run both ways back to back gave the
 *   same figures within the machine's noise (POST 592/581 req/s with it, 611/690 without; GET
 *   /api/vehicles 2,885 with it, 2,408 without; the comparators moved as much).
 * - --no-wasm-tier-up: Prisma's query compiler is WebAssembly; V8 compiled its hot functions
 *   again with TurboFan on background threads, whose compiler memory stayed in a 25 MB malloc arena
 *   of whichever service ran Prisma queries at start-up (notifications: 147-159 MB idle under npm
 *   start, its arena's pages binary with TurboFan's trace category among the few strings). With
 *   Liftoff's code only: notifications 130-139 MB idle and 145-147 after the startup bench's
 *   burst; `npm run bench freshness dispatch` gave the same figures both ways within the noise
 *   (drain 2,225-2,287 events/s with it, 2,211-2,342 without).
 * - No --enable-source-maps: it keeps every loaded module's source map in memory (about 34 MB in
 *   the booking service); stack traces point into dist/, which tsc emits line for line close to
 *   the sources.
 */
export const PRODUCT_NODE_ARGS = ['--max-semi-space-size=8', '--optimize-for-size', '--no-wasm-tier-up'];

/**
 * Environment every product process runs with, for the same reason (a value already in the
 * environment wins).
 *
 * - A fixed malloc mmap threshold (glibc's default, 128 KB). Left dynamic, glibc raises it to the
 *   size of any large block that is freed (mallopt(3), M_MMAP_THRESHOLD), so later large blocks
 *   (V8's compiler zones, pg and NATS buffers) come from the heaps of threads and stay resident
 *   once freed: 40-60 MB in per-thread arenas of the notifications service after 200 bookings.
 *   Fixed, large blocks are mmapped and handed back when freed: after that burst, notifications
 *   175 MB instead of 232, reporting 134 instead of 160 (under npm start, 12 s after 200
 *   bookings; a full GC then brought notifications to 142 MB, so it was not the JavaScript heap).
 */
export const PRODUCT_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' };
