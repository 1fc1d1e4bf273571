import { randomBytes } from 'node:crypto';
import { deadLetterStreamName } from './dead-letters.js';
import { changedSubject, eventStreamName } from './subjects.js';

/**
 * Who may say what on the bus. Each service and the gateway connect as their own NATS user;
 * `ops` is for the operator's scripts (`npm run events:redrive`, `projections:rebuild`).
 *
 * - A service answers its own RPC subjects (`<prefix>.rpc.<service>.>`), publishes its own
 *   events (`<prefix>.evt.<service>.>`), reads the event stream through its durable consumers,
 *   and calls only the other services' RPCs listed here. It announces its own changes
 *   (`<prefix>.changed.<service>`, core NATS), which only the gateway hears (its answer caches).
 * - Only the gateway calls everything, which includes the admin-account RPCs
 *   (`drivers.admins.*`): a service, or anything else that reaches NATS with a service's
 *   credentials, cannot create an admin or reset its password.
 * - Everyone gets replies on an inbox of their own (`_INBOX.<user>.>`, see `inboxPrefixOf`), so no
 *   one reads another's replies; a service answers a request through `allow_responses`.
 */
export const NATS_USERS = ['gateway', 'booking', 'drivers', 'fleet', 'reporting', 'notifications', 'ops'] as const;
export type NatsUser = (typeof NATS_USERS)[number];
export type NatsService = Exclude<NatsUser, 'gateway' | 'ops'>;

/** The other services' RPCs each service calls (RPC subjects without the prefix). */
export const SERVICE_CALLS: Record<NatsService, string[]> = {
  booking: ['drivers.drivers.get.v1', 'fleet.vehicles.list.v1'],
  drivers: [],
  fleet: [],
  reporting: ['booking.bookings.snapshots.v1', 'booking.dispatch.assignments.v1', 'drivers.drivers.snapshots.v1', 'fleet.vehicles.list.v1'],
  // The chauffeur's first name and the car, for the confirmation and "on the way" messages.
  notifications: ['drivers.drivers.get.v1', 'fleet.vehicles.list.v1'],
};

/** The RPCs of the operator's scripts (the health checks are the container healthcheck's). */
const OPS_CALLS = ['reporting.projections.rebuild.v1', '*.health.check.v1'];

export interface NatsPermissions {
  publish: string[];
  subscribe: string[];
  /** May answer the requests it receives (publish to their reply subjects). */
  allowResponses: boolean;
}

/** Replies to a user's requests come to `_INBOX.<user>.…`: the connection's `inboxPrefix`. */
export const inboxPrefixOf = (user: string) => `_INBOX.${user}`;

/** The subjects each user may publish and subscribe to, for one prefix. */
export function natsPermissions(prefix: string): Record<NatsUser, NatsPermissions> {
  const events = eventStreamName(prefix);
  const deadLetters = deadLetterStreamName(prefix);
  const api = '$JS.API';
  // Reading the streams' state: every client checks JetStream and the streams exist.
  const streamInfo = [`${api}.INFO`, `${api}.STREAM.INFO.${events}`, `${api}.STREAM.INFO.${deadLetters}`];
  // Consumer lag: the consumers' state and their oldest unapplied event.
  const lag = [`${api}.CONSUMER.LIST.${events}`, `${api}.CONSUMER.NAMES.${events}`, `${api}.CONSUMER.INFO.${events}.*`, `${api}.DIRECT.GET.${events}`, `${api}.DIRECT.GET.${events}.>`];
  // Pulling from a consumer of the event stream and acknowledging what it applied.
  const consume = [`${api}.CONSUMER.CREATE.${events}`, `${api}.CONSUMER.CREATE.${events}.>`, `${api}.CONSUMER.DURABLE.CREATE.${events}.*`, `${api}.CONSUMER.MSG.NEXT.${events}.*`, `$JS.ACK.${events}.>`];
  const rpc = (subject: string) => `${prefix}.rpc.${subject}`;
  const service = (name: NatsService): NatsPermissions => ({
    publish: [
      ...streamInfo,
      ...lag,
      ...consume,
      // In-memory copies (the booking service's fleet) follow events with ordered consumers,
      // which delete the consumer they replace when they reset.
      `${api}.CONSUMER.DELETE.${events}.*`,
      // Every replica makes sure the streams exist (and are up to date) at start.
      `${api}.STREAM.CREATE.${events}`,
      `${api}.STREAM.UPDATE.${events}`,
      `${api}.STREAM.CREATE.${deadLetters}`,
      `${prefix}.evt.${name}.>`,
      changedSubject(prefix, name),
      // Dead letters are filed under the consumer's name.
      `${prefix}.dlq.*`,
      ...SERVICE_CALLS[name].map(rpc),
      // The container healthcheck asks the service with its own credentials.
      rpc(`${name}.health.check.v1`),
    ],
    subscribe: [rpc(`${name}.>`), `${inboxPrefixOf(name)}.>`],
    allowResponses: true,
  });
  return {
    gateway: {
      // The front door: every RPC, including the admin accounts'; reads the streams for
      // /api/health, the dead-letter list and the live updates (ephemeral ordered consumers,
      // which delete the consumer they replace when they reset).
      publish: [rpc('>'), ...streamInfo, ...lag, ...consume, `${api}.CONSUMER.DELETE.${events}.*`, `${api}.STREAM.MSG.GET.${deadLetters}`],
      subscribe: [`${inboxPrefixOf('gateway')}.>`, changedSubject(prefix, '*')],
      allowResponses: false,
    },
    booking: service('booking'),
    drivers: service('drivers'),
    fleet: service('fleet'),
    reporting: service('reporting'),
    notifications: service('notifications'),
    ops: {
      // `events:redrive` puts dead letters back on their event subjects and removes them.
      publish: [
        ...streamInfo,
        `${api}.STREAM.MSG.GET.${deadLetters}`,
        `${api}.STREAM.MSG.DELETE.${deadLetters}`,
        `${prefix}.evt.>`,
        ...OPS_CALLS.map(rpc),
      ],
      subscribe: [`${inboxPrefixOf('ops')}.>`],
      allowResponses: false,
    },
  };
}

/** The environment variable that holds a user's password (docker-compose, `npm start`). */
export const natsPasswordVariable = (user: NatsUser) => `NATS_${user.toUpperCase()}_PASSWORD`;

/**
 * A random password nats-server reads intact from `$NATS_<USER>_PASSWORD`: it parses the
 * variable's value as a configuration value, so a leading `-`, a `#` or a space would break or
 * cut it. A letter then hex digits never does.
 */
export const newNatsPassword = () => `n${randomBytes(24).toString('hex')}`;

/** Each user's password variable, with a new random password in each (for nats-server's environment). */
export function newNatsPasswordEnv(): Record<string, string> {
  return Object.fromEntries(NATS_USERS.map((user) => [natsPasswordVariable(user), newNatsPassword()]));
}

export interface NatsAuthConfigOptions {
  prefix: string;
  /**
   * Each user's password, written into the configuration. Without them, the configuration
   * refers to `$NATS_<USER>_PASSWORD` and nats-server reads the passwords from its environment
   * (it refuses to start when one is missing): the file then holds no secret.
   */
  passwords?: Record<NatsUser, string>;
  /** Adds `jetstream { store_dir }`; otherwise JetStream is enabled and `-sd` says where. */
  storeDir?: string;
}

/** A nats-server configuration: JetStream on, one user per service, the gateway and ops, with their permissions. */
export function natsAuthConfig({ prefix, passwords, storeDir }: NatsAuthConfigOptions): string {
  const permissions = natsPermissions(prefix);
  const quote = (value: string) => JSON.stringify(value);
  const list = (subjects: string[]) => `[${subjects.map(quote).join(', ')}]`;
  const users = NATS_USERS.map((user) => {
    const { publish, subscribe, allowResponses } = permissions[user];
    const password = passwords ? quote(passwords[user]) : `$${natsPasswordVariable(user)}`;
    return [
      `    {`,
      `      user: ${quote(user)}`,
      `      password: ${password}`,
      `      permissions: {`,
      `        publish: { allow: ${list(publish)} }`,
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
