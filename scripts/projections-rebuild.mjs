// `npm run projections:rebuild`: asks the running reporting service to rebuild every projection
// from the source services' current state (booking, drivers, fleet over NATS) and prints what it
// did. Safe while the product runs: live events keep flowing and readers see the old figures
// until the rebuilt ones commit. Uses NATS_URL and NATS_PREFIX like the services (and, on a NATS
// with authentication, NATS_USER=ops and its seed NATS_NKEY_SEED: docs/security.md).
import { connectNats } from '../libs/messaging/dist/index.js';

const url = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const prefix = process.env.NATS_PREFIX ?? 'limo';
const timeout = Number(process.env.REBUILD_TIMEOUT_MS ?? 30 * 60_000);

const nc = await connectNats(url, 'projections-rebuild', { user: process.env.NATS_USER, seed: process.env.NATS_NKEY_SEED });
try {
  console.log(`Rebuilding reporting projections (NATS ${url}, prefix ${prefix})...`);
  const msg = await nc.request(`${prefix}.rpc.reporting.projections.rebuild.v1`, '{}', { timeout });
  const reply = msg.json();
  if (!reply.ok) {
    console.error(`✗ rebuild refused (${reply.error.status}): ${reply.error.message}`);
    process.exitCode = 1;
  } else {
    const { bookings, drivers, vehicles, durationMs } = reply.data;
    console.log(`✓ rebuilt from ${bookings} bookings, ${drivers} drivers and ${vehicles} vehicles in ${(durationMs / 1000).toFixed(1)} s`);
  }
} catch (error) {
  console.error(`✗ ${error.message.includes('503') || error.code === '503' ? 'the reporting service is not running' : error.message}`);
  process.exitCode = 1;
} finally {
  await nc.close();
}
