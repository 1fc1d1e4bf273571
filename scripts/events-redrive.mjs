// `npm run events:redrive`: puts the events consumers could never apply (the dead letters) back on
// their subjects, after the cause is fixed (a consumer that now understands them). NATS_URL and
// NATS_PREFIX say which stream; each event still applies at most once per consumer. On a NATS
// with authentication, NATS_USER=ops and NATS_NKEY_SEED (the operator's user and its seed, docs/security.md).
// A letter that is not what its consumer was given (forged on its dead-letter subject, or its
// original gone from the event stream) is not put back: it is listed and stays on file.
import { connectNats, listDeadLetters, redriveDeadLetters } from '../libs/messaging/dist/index.js';

const prefix = process.env.NATS_PREFIX ?? 'limo';
const nc = await connectNats(process.env.NATS_URL ?? 'nats://127.0.0.1:4222', 'events-redrive', { user: process.env.NATS_USER, seed: process.env.NATS_NKEY_SEED });
try {
  const letters = await listDeadLetters(nc, prefix, Number.MAX_SAFE_INTEGER);
  for (const l of letters) console.log(`  #${l.seq} ${l.consumer} ${l.subject}: ${l.reason}`);
  const { moved, refused } = await redriveDeadLetters(nc, prefix);
  for (const r of refused) console.log(`  ✗ #${r.seq} ${r.consumer} ${r.subject} not put back: ${r.why}`);
  console.log(`✓ put ${moved} dead letter(s) back on their subjects${refused.length ? `; ${refused.length} refused (left on file)` : ''}`);
  if (refused.length) process.exitCode = 1;
} finally {
  await nc.close();
}
