/**
 * Node options every product process runs with (npm start, the bench's and tests' product
 * processes; docker-compose.yml and the Dockerfile spell them out too).
 *
 * - A young generation of at most 2 x 8 MB instead of 2 x 16: V8 grows it to the limit while
 *   modules load and never gives it back, about 15-30 MB of RSS per process for nothing (the
 *   booking bench's throughput was the same, `npm run bench bookings startup`).
 * - No --enable-source-maps: it keeps every loaded module's source map in memory (about 34 MB in
 *   the booking service); stack traces point into dist/, which tsc emits line for line close to
 *   the sources.
 */
export const PRODUCT_NODE_ARGS = ['--max-semi-space-size=8'];
