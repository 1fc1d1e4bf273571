import { addDays, businessToday } from '@limo/contracts';
import { basicAuth } from '../admin-auth.js';
import { ChaosClient, isFaultAnswer, type Reply } from './chaos-client.js';

/**
 * The workload of a chaos run: a burst of bookings from concurrent clients (half with an
 * Idempotency-Key, some of those sent again with the same key, some twice at once), and, on the
 * bookings it gets back, what dispatch and the admin do: assign a driver, who accepts and drives
 * the ride to completed, declines, or lets the deadline pass; admin completions and cancellations.
 * What every request was answered is kept, so the checks can hold the database to it.
 */

export interface BookingRecord {
  n: number;
  /** In the booking's special requests: finds its rows whatever the answers were. */
  marker: string;
  key?: string;
  /** The booking id of every 2xx answer to this request (and its retries). */
  ackedIds: number[];
  /** Answers to the same key marked Idempotent-Replayed. */
  replays: number;
}

export interface LoadOptions {
  bookings: number;
  /** Booking clients in flight at once. */
  concurrency: number;
  /** Paces the burst so that it spans the faults (0: as fast as it goes). */
  bookingsPerSecond: number;
  drivers: number;
  /** Shares of the acknowledged bookings that dispatch assigns, the admin completes, cancels. */
  shares: { dispatch: number; complete: number; cancel: number };
  seed: number;
  runId: string;
}

export interface LoadResult {
  records: BookingRecord[];
  /** Answers no fault explains: a 500, a valid booking refused, a dispatch call refused as bad input. */
  unexpected: string[];
  /** Driver sign-ins made again after their session was lost (Redis restarted empty). */
  signIns: number;
  durationMs: number;
}

/** A small seeded generator (mulberry32): the same seed makes the same run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const describe = (what: string, reply: Reply) => `${what}: ${reply.error ?? reply.status} ${reply.text.slice(0, 200)}`;

/** A booking request as the public form sends it, on a day and time spread over two years so rides rarely overlap. */
function bookingBody(n: number, marker: string, random: () => number) {
  const hourly = random() < 0.2;
  return {
    tripType: hourly ? 'hourly' : 'one-way',
    pickupDate: addDays(businessToday(), 2 + Math.floor(random() * 700)),
    pickupTime: `${String(6 + Math.floor(random() * 16)).padStart(2, '0')}:${random() < 0.5 ? '00' : '30'}`,
    pickupLocation: ['LAX - Los Angeles International Airport', 'Santa Monica Pier', 'John Wayne Airport (SNA)', 'Beverly Hills Hotel'][n % 4],
    ...(hourly ? { duration: 2 + (n % 4) } : { dropoffLocation: ['Downtown Los Angeles', 'Newport Beach', 'Pasadena', 'Malibu'][(n >> 2) % 4] }),
    vehicleId: 1 + (n % 4),
    firstName: 'Chaos',
    lastName: `Rider${n}`,
    email: `rider${n % 300}@example.com`,
    phone: '3105559876',
    paymentMethod: 'phone-card',
    meetGreet: random() < 0.5,
    childSeats: random() < 0.2,
    specialRequests: marker,
  };
}

export class DriverActor {
  private cookies = new Map<string, string>();
  signIns = 0;

  constructor(
    readonly id: number,
    private readonly username: string,
    private readonly password: string,
    private readonly client: ChaosClient,
  ) {}

  private header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(reply: Reply) {
    const set = reply.headers['set-cookie'];
    for (const cookie of Array.isArray(set) ? set : set ? [set] : []) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }

  async signIn(): Promise<void> {
    for (let tries = 0; tries < 40; tries++) {
      const reply = await this.client.send('driver-sign-in', 'POST', '/api/drivers/login', { body: { username: this.username, password: this.password }, headers: { Cookie: this.header() } });
      this.keep(reply);
      if (reply.status === 200) {
        this.signIns++;
        return;
      }
      const wait = Number(reply.headers['retry-after'] ?? 0) * 1000;
      await sleep(Math.max(wait, 500));
    }
    throw new Error(`driver ${this.username} could not sign in again`);
  }

  /** A driver's call; a lost session (Redis restarted empty) means signing in again, as the driver would. */
  async call(action: string, method: string, path: string, body?: unknown): Promise<Reply> {
    let reply = await this.client.send(action, method, path, { body, headers: { Cookie: this.header() } });
    if (reply.status === 401) {
      await this.signIn();
      reply = await this.client.send(action, method, path, { body, headers: { Cookie: this.header() } });
    }
    return reply;
  }
}

/** Registers `count` drivers through the admin API, signed in with their own password and on duty. */
export async function prepareDrivers(client: ChaosClient, admin: string, count: number, runId: string): Promise<DriverActor[]> {
  const drivers: DriverActor[] = [];
  for (let i = 0; i < count; i++) {
    const tag = `${runId}${i}`;
    const registered = await client.send('driver-setup', 'POST', '/api/register-driver', {
      headers: { Authorization: admin },
      body: { firstName: 'Chaos', lastName: `Driver${i}`, email: `chaos-${tag}@example.com`, phone: '3105550123', licenseNumber: `C${tag}`.slice(0, 20), address: '1 Ocean Ave, Santa Monica, CA' },
    });
    if (registered.status !== 201) throw new Error(describe('registering a driver', registered));
    const { id, username, temporaryPassword } = registered.body as { id: number; username: string; temporaryPassword: string };
    const password = `chaos-pw-${tag}`;
    const first = new DriverActor(id, username, temporaryPassword, client);
    await first.signIn();
    const changed = await first.call('driver-setup', 'POST', '/api/drivers/current/password', { currentPassword: temporaryPassword, newPassword: password, confirmPassword: password });
    if (changed.status !== 200) throw new Error(describe('changing a driver password', changed));
    const driver = new DriverActor(id, username, password, client);
    await driver.signIn();
    const duty = await driver.call('driver-setup', 'POST', '/api/drivers/current/toggle-duty');
    if (duty.status !== 200) throw new Error(describe('going on duty', duty));
    drivers.push(driver);
  }
  return drivers;
}

/**
 * How long a fault keeps bookings out: from the fault's start, a keyed booking every 250 ms (a
 * customer trying again), each sent once without waiting for the previous answer, and recorded
 * like the load's own so the checks find every one acknowledged. Its own numbers (from
 * 1,000,000) and markers.
 */
export class BookingProbe {
  readonly records: BookingRecord[] = [];
  private next = 1_000_000;
  private readonly random: () => number;

  constructor(
    private readonly client: ChaosClient,
    private readonly runId: string,
    seed: number,
  ) {
    this.random = seeded(seed + 1);
  }

  /**
   * Probes from `since` (a fault's start) until `stop()` is called and a booking sent after the
   * last one refused (a fault's answer) was taken. `stop()` resolves with the milliseconds from
   * `since` to that booking's answer (when none was refused, the first taken's), or null when
   * none was taken within `timeoutMs` of `since`.
   */
  watch(since: number, timeoutMs = 120_000): { stop(): Promise<number | null>; abandon(): Promise<void>; refusals(): string } {
    const tries: { sent: number; answered: number; taken: boolean; refused: boolean; outcome: string }[] = [];
    const inFlight = new Set<Promise<void>>();
    let stopped = false;
    let abandoned = false;
    const lastRefused = () => Math.max(-1, ...tries.filter((t) => t.refused).map((t) => t.sent));
    const takenAfterRefusals = () => tries.filter((t) => t.taken && t.sent > lastRefused()).sort((a, b) => a.answered - b.answered)[0];
    const send = async () => {
      const n = this.next++;
      const record: BookingRecord = { n, marker: `chaos ${this.runId} probe #${n}`, key: `chaos-${this.runId}-probe-${n}`, ackedIds: [], replays: 0 };
      this.records.push(record);
      const sent = Date.now();
      const reply = await this.client.send('probe booking', 'POST', '/api/bookings', { body: bookingBody(n, record.marker, this.random), headers: { 'Idempotency-Key': record.key! } });
      if (reply.status === 201) record.ackedIds.push((reply.body as { id: number }).id);
      tries.push({ sent, answered: Date.now(), taken: reply.status === 201, refused: isFaultAnswer(reply), outcome: reply.error ?? String(reply.status) });
    };
    const loop = (async () => {
      // A refusal still in flight may come after the first success: wait for every answer before judging.
      while (!abandoned && Date.now() - since < timeoutMs && !(stopped && inFlight.size === 0 && takenAfterRefusals())) {
        if (inFlight.size < 40) {
          const attempt = send().finally(() => inFlight.delete(attempt));
          inFlight.add(attempt);
        }
        await sleep(250);
      }
      await Promise.all(inFlight);
    })();
    return {
      async stop() {
        stopped = true;
        await loop;
        const taken = takenAfterRefusals();
        return taken ? taken.answered - since : null;
      },
      /** The refused tries, as `sent +s: outcome`: what kept bookings out, and when. */
      refusals() {
        const refused = tries.filter((t) => t.refused).sort((a, b) => a.sent - b.sent);
        return refused.map((t) => `+${((t.sent - since) / 1000).toFixed(1)} s ${t.outcome}`).join(', ') || 'none';
      },
      /** Stops sending at once (the fault failed: nothing to judge) and waits for the answers in flight. */
      async abandon() {
        abandoned = true;
        await loop;
      },
    };
  }
}

/** Sends until an answer that is not a fault's (or gives up): for calls whose repeat is harmless or refused. */
async function persist(send: () => Promise<Reply>, tries = 6): Promise<Reply> {
  let reply = await send();
  for (let i = 1; i < tries && isFaultAnswer(reply); i++) {
    await sleep(300 * i);
    reply = await send();
  }
  return reply;
}

export async function runLoad(
  client: ChaosClient,
  options: Omit<LoadOptions, 'drivers'> & { admin: { username: string; password: string }; drivers: DriverActor[] },
  faultsDone: () => boolean,
): Promise<LoadResult> {
  const started = Date.now();
  const random = seeded(options.seed);
  const admin = basicAuth(options.admin.username, options.admin.password);
  const { drivers } = options;
  const unexpected: string[] = [];
  const records: BookingRecord[] = [];
  const toDispatch: number[] = [];
  const toAdmin: { id: number; status: 'completed' | 'cancelled' }[] = [];
  let nextBooking = 0;
  let bookingsDone = false;

  const flag = (what: string, reply: Reply) => {
    if (unexpected.length < 200) unexpected.push(describe(what, reply));
  };
  /** Any 5xx but a fault's is a bug wherever it comes from. */
  const checkServerError = (what: string, reply: Reply) => {
    if (reply.status >= 500 && !isFaultAnswer(reply)) flag(what, reply);
  };

  const createBooking = async (n: number) => {
    const marker = `chaos ${options.runId} #${n}`;
    const record: BookingRecord = { n, marker, key: n % 2 === 0 ? `chaos-${options.runId}-${n}` : undefined, ackedIds: [], replays: 0 };
    records.push(record);
    const body = bookingBody(n, marker, random);
    const headers: Record<string, string> = record.key ? { 'Idempotency-Key': record.key } : {};
    const once = async () => {
      const reply = await client.send('create booking', 'POST', '/api/bookings', { body, headers });
      checkServerError('create booking', reply);
      if (reply.status >= 400 && reply.status < 500) flag(`create booking #${n}${record.key ? ' (keyed)' : ''}`, reply);
      if (reply.status === 201) {
        record.ackedIds.push((reply.body as { id: number }).id);
        if (reply.headers['idempotent-replayed'] === 'true') record.replays++;
      }
      return reply;
    };
    // With a key, a client retries what a fault cut short; without one it cannot know, and does not.
    const first = record.key ? await persist(once) : await once();
    if (record.key && n % 10 === 0) {
      // A retry after an answer (a client that missed it), and every fifth of those twice at once.
      await Promise.all(Array.from({ length: n % 50 === 0 ? 2 : 1 }, () => persist(once)));
    }
    if (first.status === 201) {
      const id = (first.body as { id: number }).id;
      const roll = random();
      const { dispatch, complete, cancel } = options.shares;
      if (roll < dispatch) toDispatch.push(id);
      else if (roll < dispatch + complete) toAdmin.push({ id, status: 'completed' });
      else if (roll < dispatch + complete + cancel) toAdmin.push({ id, status: 'cancelled' });
    }
  };

  const bookingWorker = async () => {
    for (;;) {
      const n = nextBooking++;
      if (n >= options.bookings) return;
      if (options.bookingsPerSecond > 0) {
        const due = started + (n * 1000) / options.bookingsPerSecond;
        if (due > Date.now()) await sleep(due - Date.now());
      }
      await createBooking(n);
    }
  };

  const idle = () => bookingsDone && faultsDone();

  const adminWorker = async () => {
    for (;;) {
      const job = toAdmin.shift();
      if (!job) {
        if (idle()) return;
        await sleep(50);
        continue;
      }
      const reply = await persist(() => client.send(`admin ${job.status}`, 'PATCH', `/api/bookings/${job.id}`, { body: { status: job.status }, headers: { Authorization: admin } }));
      checkServerError(`admin ${job.status}`, reply);
      if (reply.status === 400) flag(`admin ${job.status} ${job.id}`, reply);
    }
  };

  const driverWorker = async (driver: DriverActor) => {
    for (;;) {
      const id = toDispatch.shift();
      if (id === undefined) {
        if (idle()) return;
        await sleep(50);
        continue;
      }
      const assigned = await persist(() => client.send('assign', 'POST', `/api/admin/bookings/${id}/assign`, { body: { driverId: driver.id }, headers: { Authorization: admin } }));
      checkServerError('assign', assigned);
      if (assigned.status === 400) flag(`assign ${id} to ${driver.id}`, assigned);
      // 409: the driver or vehicle is held by another ride then, or a retry found its own assignment.
      if (assigned.status !== 200 && assigned.status !== 409) continue;
      const roll = random();
      const act = async (action: string, method: string, path: string, body?: unknown) => {
        const reply = await persist(() => driver.call(action, method, path, body));
        checkServerError(action, reply);
        if (reply.status === 400) flag(`${action} ${id}`, reply);
        return reply;
      };
      if (roll < 0.55) {
        const accepted = await act('accept', 'POST', `/api/bookings/${id}/accept`);
        if (accepted.status !== 200) continue;
        for (const status of ['en-route', 'arrived', 'picked-up', 'dropped-off', 'completed']) {
          const moved = await act(`driver ${status}`, 'PUT', `/api/bookings/${id}/driver-status`, { driverStatus: status });
          if (moved.status !== 200 && moved.status !== 409) break;
        }
      } else if (roll < 0.7) {
        await act('decline', 'POST', `/api/bookings/${id}/decline`);
      }
      // Otherwise nobody answers: the deadline must fire, once.
    }
  };

  const bookingWorkers = Promise.all(Array.from({ length: options.concurrency }, bookingWorker)).then(() => (bookingsDone = true));
  await Promise.all([bookingWorkers, ...drivers.map(driverWorker), adminWorker(), adminWorker()]);
  return { records, unexpected, signIns: drivers.reduce((n, d) => n + d.signIns, 0) - drivers.length, durationMs: Date.now() - started };
}
