import { createUser, fromSeed } from '@nats-io/nkeys';
import { deadLetterStreamName } from './dead-letters.js';
import { changedSubject, eventStreamName } from './subjects.js';

/**
 * Who may say what on the bus. Each service and the gateway connect as their own NATS user (an
 * nkey: the server holds its public key, the process its seed);
 * `ops` is for the operator's scripts (`npm run events:redrive`, `projections:rebuild`).
 *
 * - A service answers its own RPC subjects (`<prefix>.rpc.<service>.>`), publishes its own
 *   events (`<prefix>.evt.<service>.>`), reads the event stream only through its own durable
 *   consumers (SERVICE_CONSUMERS: no one else may pull from, acknowledge, take over or
 *   dead-letter for them), and calls only the other services' RPCs listed here. It announces
 *   its own changes (`<prefix>.changed.<service>`, core NATS), which only the gateway hears (its
 *   answer caches).
 * - Only `ops` makes and changes the streams; no one deletes a durable.
 * - Only the gateway calls everything, which includes the admin-account RPCs
 *   (`drivers.admins.*`): a service, or anything else that reaches NATS with a service's
 *   credentials, cannot create an admin or reset its password.
 * - Everyone gets replies on an inbox of their own (`_INBOX.<user>.>`, see `inboxPrefixOf`), so no
 *   one reads another's replies; a service answers a request through `allow_responses`.
 */
export const NATS_USERS = ['gateway', 'booking', 'drivers', 'fleet', 'reporting', 'notifications', 'customers', 'ops'] as const;
export type NatsUser = (typeof NATS_USERS)[number];
export type NatsService = Exclude<NatsUser, 'gateway' | 'ops'>;

/** The other services' RPCs each service calls (RPC subjects without the prefix). */
export const SERVICE_CALLS: Record<NatsService, string[]> = {
  // The customers service's free rides and credit, for signed-in customers' quotes and bookings, and a company's transfers for its bookers'.
  booking: [
    'customers.benefits.get.v1',
    'customers.benefits.release.v1',
    'customers.benefits.reserve.v1',
    'customers.companies.transfers.get.v1',
    'customers.companies.transfers.release.v1',
    'customers.companies.transfers.reserve.v1',
    'drivers.drivers.get.v1',
    // The demo seeding (SEED_DEMO_BOOKINGS) finds the demo drivers its rides are given to.
    'drivers.drivers.list.v1',
    'fleet.vehicles.list.v1',
  ],
  drivers: [],
  fleet: [],
  reporting: ['booking.bookings.snapshots.v1', 'booking.dispatch.assignments.v1', 'drivers.drivers.snapshots.v1', 'fleet.vehicles.list.v1'],
  // The chauffeur's first name and the car, for the confirmation and "on the way" messages; a company's statement files for its email.
  notifications: ['customers.companies.statements.get.v1', 'drivers.drivers.get.v1', 'fleet.vehicles.list.v1'],
  // The sign-in codes go out by email through notifications; a company's rides of a month come from the booking service.
  customers: ['booking.companies.rides.v1', 'booking.reservations.holders.v1', 'notifications.sign-in-codes.send.v1'],
};

/**
 * The durable consumers each service runs (`@EventConsumer`), with the events each reads (its
 * filter, below `<prefix>.evt.`). Only their owner may create, pull from, acknowledge or
 * dead-letter for them; `npm run events:redrive` puts a dead letter back only within its filter.
 */
export const SERVICE_CONSUMERS: Record<NatsService, Record<string, string>> = {
  booking: { 'booking-deadlines': 'booking.ride.assigned.v1' },
  drivers: { 'drivers-rides': 'booking.>' },
  fleet: {},
  reporting: { 'reporting-bookings': 'booking.>', 'reporting-drivers': 'drivers.>', 'reporting-fleet': 'fleet.>' },
  notifications: {
    'notifications-bookings': 'booking.>',
    'notifications-drivers': 'drivers.driver.registration-repeated.v1',
    'notifications-customers': 'customers.statement.issued.v1',
  },
  // Next One's on Us counts the completed airport rides from the bookings' events.
  customers: { 'customers-bookings': 'booking.>' },
};

/** The events each user follows with ordered consumers (in-memory caches, the live board). */
export const WATCHED_EVENTS: Partial<Record<NatsUser, string[]>> = {
  booking: ['fleet.>', 'booking.rates.>'],
  gateway: ['>'],
};

/** The RPCs of the operator's scripts (the health checks are the container healthcheck's). */
const OPS_CALLS = ['reporting.projections.rebuild.v1', '*.health.check.v1'];

export interface NatsPermissions {
  publish: string[];
  /** Refused even where `publish` allows (nats-server's `deny`, which wins over `allow`). */
  denyPublish: string[];
  subscribe: string[];
  /** May answer the requests it receives (publish to their reply subjects). */
  allowResponses: boolean;
}

/** Replies to a user's requests come to `_INBOX.<user>.…`: the connection's `inboxPrefix`. */
export const inboxPrefixOf = (user: string) => `_INBOX.${user}`;

/**
 * The subjects each user may publish and subscribe to, for one prefix. JetStream's API is
 * subjects too: `$JS.API.CONSUMER.CREATE.<stream>.<consumer>.<filter>` names the consumer and the
 * events it reads, `…MSG.NEXT.<stream>.<consumer>` pulls and `$JS.ACK.<stream>.<consumer>.…`
 * acknowledges, so each is allowed per consumer. Ordered consumers (caches) have random names:
 * their users may pull from and delete any consumer but everyone's durables (denied by name).
 */
export function natsPermissions(prefix: string): Record<NatsUser, NatsPermissions> {
  const events = eventStreamName(prefix);
  const deadLetters = deadLetterStreamName(prefix);
  const api = '$JS.API';
  const allDurables = (Object.values(SERVICE_CONSUMERS) as Record<string, string>[]).flatMap((consumers) => Object.keys(consumers));
  // Reading the streams' state: every client checks JetStream and the streams exist.
  const streamInfo = [`${api}.INFO`, `${api}.STREAM.INFO.${events}`, `${api}.STREAM.INFO.${deadLetters}`];
  // A consumer's state (its lag), not its events.
  const consumerInfo = `${api}.CONSUMER.INFO.${events}.*`;
  const createConsumer = (name: string, filter: string) => `${api}.CONSUMER.CREATE.${events}.${name}.${prefix}.evt.${filter}`;
  const durables = (user: NatsUser) => (user === 'gateway' || user === 'ops' ? {} : SERVICE_CONSUMERS[user]);
  const ownConsumers = (user: NatsUser) =>
    Object.entries(durables(user)).flatMap(([durable, filter]) => [
      createConsumer(durable, filter),
      `${api}.CONSUMER.MSG.NEXT.${events}.${durable}`,
      `$JS.ACK.${events}.${durable}.>`,
      // Dead letters are filed under the consumer's name (see deadLetterSubject).
      `${prefix}.dlq.${durable}`,
    ]);
  // Its caches' events, and its own consumers' (consumerLags reads their oldest unapplied event
  // through an ordered consumer of the same filter).
  const watches = (user: NatsUser) => {
    const watched = [...new Set([...(WATCHED_EVENTS[user] ?? []), ...Object.values(durables(user))])];
    if (watched.length === 0) return [];
    // An ordered consumer deletes the one it replaces when it resets.
    return [...watched.map((filter) => createConsumer('*', filter)), `${api}.CONSUMER.MSG.NEXT.${events}.*`, `${api}.CONSUMER.DELETE.${events}.*`];
  };
  // Everyone's durables, by name, except the user's own: no one else may touch them.
  const othersDurables = (user: NatsUser) => {
    const own = new Set(Object.keys(durables(user)));
    return [
      ...allDurables.filter((d) => !own.has(d)).flatMap((d) => [`${api}.CONSUMER.CREATE.${events}.${d}`, `${api}.CONSUMER.CREATE.${events}.${d}.>`, `${api}.CONSUMER.MSG.NEXT.${events}.${d}`]),
      ...allDurables.map((d) => `${api}.CONSUMER.DELETE.${events}.${d}`),
    ];
  };
  const rpc = (subject: string) => `${prefix}.rpc.${subject}`;
  const service = (name: NatsService): NatsPermissions => ({
    publish: [
      ...streamInfo,
      consumerInfo,
      ...ownConsumers(name),
      ...watches(name),
      `${prefix}.evt.${name}.>`,
      changedSubject(prefix, name),
      ...SERVICE_CALLS[name].map(rpc),
      // The container healthcheck asks the service with its own credentials.
      rpc(`${name}.health.check.v1`),
    ],
    denyPublish: othersDurables(name),
    subscribe: [rpc(`${name}.>`), `${inboxPrefixOf(name)}.>`],
    allowResponses: true,
  });
  return {
    gateway: {
      // The front door: every RPC, including the admin accounts'; reads the streams for
      // /api/health (the consumers' lag: their oldest unapplied event), the dead-letter list and
      // the live updates (ordered consumers of every event).
      publish: [
        rpc('>'),
        ...streamInfo,
        consumerInfo,
        `${api}.CONSUMER.LIST.${events}`,
        `${api}.CONSUMER.NAMES.${events}`,
        `${api}.DIRECT.GET.${events}`,
        `${api}.DIRECT.GET.${events}.>`,
        ...watches('gateway'),
        `${api}.STREAM.MSG.GET.${deadLetters}`,
      ],
      denyPublish: othersDurables('gateway'),
      subscribe: [`${inboxPrefixOf('gateway')}.>`, changedSubject(prefix, '*')],
      allowResponses: false,
    },
    booking: service('booking'),
    drivers: service('drivers'),
    fleet: service('fleet'),
    reporting: service('reporting'),
    notifications: service('notifications'),
    customers: service('customers'),
    ops: {
      publish: [
        ...streamInfo,
        // Only the operator makes and changes the streams (`npm start` and docker-compose do it as ops).
        ...[events, deadLetters].flatMap((stream) => [`${api}.STREAM.CREATE.${stream}`, `${api}.STREAM.UPDATE.${stream}`]),
        // `events:redrive` checks each dead letter against its original and its consumer's filter,
        // puts it back on its event subject and removes it.
        `${api}.STREAM.MSG.GET.${events}`,
        consumerInfo,
        `${api}.STREAM.MSG.GET.${deadLetters}`,
        `${api}.STREAM.MSG.DELETE.${deadLetters}`,
        `${prefix}.evt.>`,
        ...OPS_CALLS.map(rpc),
      ],
      denyPublish: [],
      subscribe: [`${inboxPrefixOf('ops')}.>`],
      allowResponses: false,
    },
  };
}

/**
 * The environment variable that holds a user's public nkey (`U…`), which nats-server's
 * configuration refers to (docker-compose, `npm start`): public, harmless to show.
 */
export const natsPublicKeyVariable = (user: NatsUser) => `NATS_${user.toUpperCase()}_NKEY`;

/** The operator's variable for a user's seed (`SU…`, the secret): docker-compose and `npm start` hand it to that user's process only. */
export const natsSeedVariable = (user: NatsUser) => `NATS_${user.toUpperCase()}_NKEY_SEED`;

/** A user's public nkey, from its seed (which only its own process holds). */
export const natsPublicKeyOf = (seed: string) => fromSeed(new TextEncoder().encode(seed)).getPublicKey();

/** A new user nkey seed (`SU…`, 58 characters). */
export const newNatsSeed = () => new TextDecoder().decode(createUser().getSeed());

export interface NatsKeys {
  /** Each user's seed, for its own process only. */
  seeds: Record<NatsUser, string>;
  /** The public keys, by their variable (`NATS_GATEWAY_NKEY`, ...), for nats-server's environment. */
  publicKeyEnv: Record<string, string>;
}

/** One seed per user: new ones, or those the given environment sets (`NATS_<USER>_NKEY_SEED`). */
export function natsKeys(env: Record<string, string | undefined> = {}): NatsKeys {
  const seeds = Object.fromEntries(NATS_USERS.map((user) => [user, env[natsSeedVariable(user)] || newNatsSeed()])) as Record<NatsUser, string>;
  return { seeds, publicKeyEnv: Object.fromEntries(NATS_USERS.map((user) => [natsPublicKeyVariable(user), natsPublicKeyOf(seeds[user])])) };
}

export interface NatsAuthConfigOptions {
  prefix: string;
  /** Adds `jetstream { store_dir }`; otherwise JetStream is enabled and `-sd` says where. */
  storeDir?: string;
}

/**
 * A nats-server configuration: JetStream on, one user per service, the gateway and ops, with their
 * permissions. Each user is its public nkey, read from `$NATS_<USER>_NKEY` in nats-server's
 * environment (it refuses to start when one is missing or is no user public key): the file and
 * the server hold no secret; each process signs the server's challenge with its own seed.
 */
export function natsAuthConfig({ prefix, storeDir }: NatsAuthConfigOptions): string {
  const permissions = natsPermissions(prefix);
  const quote = (value: string) => JSON.stringify(value);
  const list = (subjects: string[]) => `[${subjects.map(quote).join(', ')}]`;
  const users = NATS_USERS.map((user) => {
    const { publish, denyPublish, subscribe, allowResponses } = permissions[user];
    return [
      // nats-server knows a user by its key only (an nkey entry has no name); its violations name the key.
      `    # ${user}`,
      `    {`,
      `      nkey: $${natsPublicKeyVariable(user)}`,
      `      permissions: {`,
      `        publish: { allow: ${list(publish)}${denyPublish.length > 0 ? `, deny: ${list(denyPublish)}` : ''} }`,
      `        subscribe: { allow: ${list(subscribe)} }`,
      ...(allowResponses ? [`        allow_responses: true`] : []),
      `      }`,
      `    }`,
    ].join('\n');
  });
  return [
    `# Generated by \`node scripts/nats-config.mjs\` for the prefix "${prefix}" (libs/messaging/src/nats-auth.ts): edit the table there, not this file.`,
    storeDir ? `jetstream { store_dir: ${quote(storeDir)} }` : 'jetstream: enabled',
    'authorization {',
    '  users = [',
    users.join('\n'),
    '  ]',
    '}',
    '',
  ].join('\n');
}
