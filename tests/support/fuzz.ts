import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import pg from 'pg';
import { addDays, businessToday } from '@limo/contracts';

/*
 * Property-based fuzzing of the whole HTTP API (fast-check). The routes come from the gateway's
 * own OpenAPI document (generated from its route table: every route, its path, query and body
 * schemas and its security), so a new route is fuzzed without anyone listing it. Each request
 * carries the credentials its route takes, and a mix of near-valid input (generated from the
 * route's schemas, so some requests get past validation into the services) and junk: control
 * characters, numbers past int4, wrong types, unknown fields, malformed JSON and encodings.
 *
 * What must hold for every request (`FuzzFailure.reason` names the broken one):
 * - no 5xx, no hang;
 * - a 4xx is the API's error body, `{statusCode, message, errors?}` as JSON;
 * - no partial write: a write (POST, PUT, PATCH, DELETE) answered 4xx leaves (a) no event in the
 *   outbox of booking, drivers or fleet carrying the request's id (every change commits with its
 *   event, and events carry the x-request-id that caused them), and (b) when requests run one at
 *   a time, the same row count in every table those services own, except the ones event
 *   consumers and the outbox relay fill in the background.
 *
 * Used by gateway/test/fuzz-routes.test.ts (about 1,000 requests) and by the chaos run
 * (`fuzzRoutes({ baseUrl, requests: 10_000, ... })` against any running gateway).
 */

export type RouteAuth = 'public' | 'admin' | 'driver' | 'admin-optional';

type JsonSchema = { [key: string]: unknown };

export interface FuzzRoute {
  method: string;
  /** OpenAPI form: /api/bookings/{id} */
  path: string;
  auth: RouteAuth;
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; schema: JsonSchema }[];
  /** The JSON body's schema; undefined when the route reads no body. */
  body?: JsonSchema;
}

export interface FuzzOptions {
  baseUrl: string;
  /** How many requests in all, spread evenly over the routes. */
  requests: number;
  admin: { username: string; password: string };
  /** The database of the booking, drivers and fleet schemas: turns on the partial-write checks. */
  databaseUrl?: string;
  /** Requests in flight at once (default 1). Above 1, only the outbox part of the partial-write check runs. */
  concurrency?: number;
  /** fast-check's seed: the same seed against a fresh stack replays the same requests. */
  seed?: number;
  /** Per request (default 15 s): longer is reported as a hang. */
  timeoutMs?: number;
  /** Only these routes (default: every route of the OpenAPI document but the event streams). */
  routes?: FuzzRoute[];
}

export interface FuzzFailure {
  route: string;
  request: string;
  status: number;
  reason: string;
  response: string;
}

export interface FuzzReport {
  seed: number;
  requests: number;
  durationMs: number;
  byStatus: Record<string, number>;
  /** `METHOD /path` → requests sent. */
  byRoute: Record<string, number>;
  /** `METHOD /path` → status → answers. */
  byRouteStatus: Record<string, Record<string, number>>;
  /** `METHOD /path` → milliseconds spent on its requests (checks and session repairs included). */
  msByRoute: Record<string, number>;
  /** Write requests answered 4xx whose partial-write check ran. */
  writeChecks: number;
  failures: FuzzFailure[];
}

/** Every route of the gateway's OpenAPI document but the server-sent event streams. */
async function routesFromOpenApi(baseUrl: string): Promise<FuzzRoute[]> {
  const doc = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, JsonSchema>> };
  const routes: FuzzRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const responses = Object.values((op.responses ?? {}) as Record<string, { content?: Record<string, unknown> }>);
      if (responses.some((r) => r.content?.['text/event-stream'])) continue;
      const parameters = (op.parameters ?? []) as { name: string; in: string; schema: JsonSchema }[];
      const body = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content?.['application/json']?.schema;
      routes.push({
        method: method.toUpperCase(),
        path,
        auth: authOf(op.security as Record<string, unknown>[] | undefined),
        pathParams: parameters.filter((p) => p.in === 'path').map(({ name, schema }) => ({ name, schema })),
        queryParams: parameters.filter((p) => p.in === 'query').map(({ name, schema }) => ({ name, schema })),
        body,
      });
    }
  }
  return routes;
}

function authOf(security: Record<string, unknown>[] | undefined): RouteAuth {
  if (!security?.length) return 'public';
  const schemes = security.map((requirement) => Object.keys(requirement));
  if (schemes.some((names) => names.length === 0)) return 'admin-optional';
  return schemes.some((names) => names.includes('driverSession')) ? 'driver' : 'admin';
}

// ---------------------------------------------------------------------------------------------
// Values

const CONTROL = ['\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085', '\u009f', '\t', '\n', '\r'];
const HUGE = [2147483647, 2147483648, -2147483649, 4294967296, 9007199254740991, 9007199254740993, 1e21, 1e308, -1e308, 0.1, -0, 1e-7];

// NUL most often: Postgres refuses it in text, the others it would store.
const control = fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...CONTROL) }, { weight: 1, arbitrary: fc.constant('\u0000') });

const withControl = (text: fc.Arbitrary<string>) =>
  fc.tuple(text, control, fc.nat()).map(([s, c, at]) => {
    const i = s.length ? at % (s.length + 1) : 0;
    return s.slice(0, i) + c + s.slice(i);
  });

const junkString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  withControl(fc.string({ maxLength: 20 })),
  fc.constantFrom('', ' ', '\u0000', 'null', 'undefined', 'NaN', '-1', '0', '1e400', '2147483648', '99999999999999999999', '<script>', "' OR 1=1 --", '../../etc/passwd', '%00', '\ud800', '💥'.repeat(3)),
  fc.string({ minLength: 300, maxLength: 3000 }),
);

/** Anything a JSON body can hold that no contract expects. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: junkString },
  { weight: 2, arbitrary: fc.constantFrom(...HUGE) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(junkString, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Values that pass the checks JSON Schema cannot say (calendar rules, phone digits, ...). */
const FIELD_HINTS: Record<string, fc.Arbitrary<unknown>> = {
  pickupDate: fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 1, max: 700 }) }, { weight: 1, arbitrary: fc.integer({ min: -3, max: 800 }) }).map((days) => addDays(businessToday(), days)),
  pickupTime: fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom('00', '30')).map(([h, m]) => `${String(h).padStart(2, '0')}:${m}`),
  email: fc.oneof({ weight: 4, arbitrary: fc.stringMatching(/^[a-z][a-z0-9.]{0,12}@example\.com$/) }, { weight: 1, arbitrary: fc.emailAddress() }),
  phone: fc.constantFrom('3105550123', '(310) 555-0199', '+1 310 555 0100'),
  driverId: fc.integer({ min: 1, max: 30 }),
  vehicleId: fc.integer({ min: 1, max: 12 }),
  id: fc.integer({ min: 1, max: 40 }),
};

const memo = new WeakMap<JsonSchema, fc.Arbitrary<unknown>>();

/** A value the schema (probably) accepts, built from the JSON Schema's own words. */
function validOf(schema: JsonSchema, field?: string): fc.Arbitrary<unknown> {
  if (field && FIELD_HINTS[field]) return FIELD_HINTS[field];
  const known = memo.get(schema);
  if (known) return known;
  const arbitrary = buildValid(schema);
  memo.set(schema, arbitrary);
  return arbitrary;
}

function buildValid(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (options?.length) return fc.oneof(...options.map((option) => validOf(option)));
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') : (schema.type as string | undefined);
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
    case 'number': {
      const min = Number(schema.minimum ?? (schema.exclusiveMinimum !== undefined ? Number(schema.exclusiveMinimum) + 1 : -1000));
      const max = Number(schema.maximum ?? (schema.exclusiveMaximum !== undefined ? Number(schema.exclusiveMaximum) - 1 : 100_000));
      const lo = Math.max(min, -2_147_483_648);
      const hi = Math.min(max, 2_147_483_647);
      return type === 'integer' ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) }) : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validOf((schema.items ?? {}) as JsonSchema), { maxLength: Math.min(Number(schema.maxItems ?? 4), 4) });
    case 'object':
      return objectOf(schema, 0.9);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern fast-check cannot generate from: plain text below.
    }
  }
  const minLength = Number(schema.minLength ?? 0);
  const maxLength = Math.max(minLength, Math.min(Number(schema.maxLength ?? 40), 40));
  // Mostly text a person would type (free-text fields have rules JSON Schema does not show,
  // such as "required after trimming"), sometimes any characters.
  const typed = fc.stringMatching(new RegExp(`^[A-Za-z0-9][A-Za-z0-9 ,.'#-]{${Math.max(0, minLength - 1)},${Math.max(0, maxLength - 1)}}$`));
  return fc.oneof({ weight: 3, arbitrary: typed }, { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) });
}

const roll = fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true });

/** A wrong value for a field: its valid value with a control character inside, a number past int4, or junk. */
function spoiledOf(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const near = valid.chain((v): fc.Arbitrary<unknown> => {
    if (typeof v === 'string') return withControl(fc.constant(v));
    if (typeof v === 'number') return fc.constantFrom(...HUGE, -v, v + 0.5);
    if (Array.isArray(v) && v.some((item) => typeof item === 'string')) {
      return fc.nat().chain((at) => withControl(fc.constant(String(v[at % v.length]))).map((bad) => v.map((item, i) => (i === at % v.length ? bad : item))));
    }
    return junk;
  });
  return fc.oneof({ weight: 2, arbitrary: near }, { weight: 1, arbitrary: junk });
}

/**
 * A body or query made of the schema's own fields. Each object draws how spoiled it is: valid
 * throughout (so requests reach the services), exactly one field wrong (the input that gets
 * deepest before something must refuse it), a few wrong, or mostly wrong.
 */
function objectOf(schema: JsonSchema, keepOptional: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);
  const required = new Set((schema.required ?? []) as string[]);
  const fields = properties.map(([name, property]) => {
    const valid = validOf(property, name);
    return fc.record({ name: fc.constant(name), present: roll, wrong: roll, valid, spoiled: spoiledOf(valid) });
  });
  const extra = fc.record({ present: roll, key: fc.constantFrom('zzz', '__proto__', 'constructor', 'id', 'status', ''), value: junk });
  const mode = fc.oneof(
    { weight: 3, arbitrary: fc.constant({ spoil: 0, only: -1 }) },
    { weight: 4, arbitrary: fc.nat({ max: Math.max(0, properties.length - 1) }).map((only) => ({ spoil: 0, only })) },
    { weight: 1, arbitrary: fc.constant({ spoil: 0.1, only: -1 }) },
    { weight: 1, arbitrary: fc.constant({ spoil: 0.5, only: -1 }) },
  );
  return fc.tuple(mode, fc.tuple(...fields), extra).map(([{ spoil, only }, entries, more]) => {
    const out: Record<string, unknown> = {};
    entries.forEach((f, i) => {
      if (i === only) out[f.name] = f.spoiled;
      else if (f.present < (required.has(f.name) ? 1 - spoil / 4 : keepOptional)) out[f.name] = f.wrong < spoil ? f.spoiled : f.valid;
    });
    if (spoil > 0 && more.present < 0.15) Object.defineProperty(out, more.key, { value: more.value, enumerable: true, configurable: true, writable: true });
    return out;
  });
}

// ---------------------------------------------------------------------------------------------
// Requests

interface FuzzRequest {
  path: string;
  query: string;
  /** Raw body text and its content type; undefined: no body. */
  body?: { text: string; type: string };
  /** Whether to send the route's credentials (almost always). */
  credentials: boolean;
}

/** Percent-encodes any string, lone surrogates too (encodeURIComponent throws on them). */
const percentEncode = (value: string) =>
  [...Buffer.from(value, 'utf8')].map((byte) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)).join('');

const JUNK_SEGMENTS = ['0', '-1', '1.5', 'abc', '2147483647', '2147483648', '99999999999999999999', '1e3', '%00', '%ZZ', '%', '%E0%A4%A', '..', '%2F', ' 1', 'null'];

function pathOf(route: FuzzRoute): fc.Arbitrary<string> {
  const segments = route.pathParams.map(({ name, schema }) =>
    fc.oneof(
      { weight: 5, arbitrary: validOf(schema, name).map((v) => percentEncode(String(v))) },
      { weight: 2, arbitrary: fc.constantFrom(...JUNK_SEGMENTS) },
      { weight: 1, arbitrary: junkString.map(percentEncode) },
    ).map((value) => [name, value] as const),
  );
  return fc.tuple(...segments).map((pairs) => pairs.reduce((path, [name, value]) => path.replace(`{${name}}`, value), route.path));
}

function queryOf(route: FuzzRoute): fc.Arbitrary<string> {
  const schema = { type: 'object', properties: Object.fromEntries(route.queryParams.map((p) => [p.name, p.schema])) };
  const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v) ?? '');
  const structured = objectOf(schema, 0.5).map((params) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) {
      if (Array.isArray(value)) for (const item of value) search.append(name, asText(item));
      else search.append(name, asText(value));
    }
    return search.toString();
  });
  const names = route.queryParams.map((p) => p.name).concat('q', 'cursor', 'limit');
  const raw = fc.tuple(fc.constantFrom(...names), fc.constantFrom('%00', '%ZZ', '2147483648', '1e999', '-0', 'x'.repeat(5000), '', '[]', '%E0%A4%A')).map(([n, v]) => `${n}=${v}&${n}[a]=1`);
  return fc.oneof({ weight: 6, arbitrary: structured }, { weight: 1, arbitrary: raw }, { weight: 1, arbitrary: fc.constant('') });
}

function bodyOf(route: FuzzRoute): fc.Arbitrary<FuzzRequest['body']> {
  const json = (value: unknown) => ({ text: JSON.stringify(value) ?? 'null', type: 'application/json' });
  const malformed = fc
    .tuple(fc.constantFrom('{', '{"a":', '[1,', 'nul', '{"a":1}}', '\u0000', '"\\ud800"', '{"__proto__":{"x":1}}', '{"a":1e999}'), fc.constantFrom('application/json', 'application/json; charset=utf-8'))
    .map(([text, type]) => ({ text, type }));
  const wrongType = fc.constantFrom({ text: 'a=1&b=2', type: 'application/x-www-form-urlencoded' }, { text: 'hello', type: 'text/plain' }, { text: '{}', type: 'application/xml' });
  if (!route.body) {
    return fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: junk.map(json) }, { weight: 1, arbitrary: wrongType });
  }
  const shaped = route.body.type === 'object' ? objectOf(route.body, 0.8) : validOf(route.body);
  return fc.oneof(
    { weight: 10, arbitrary: shaped.map(json) },
    { weight: 1, arbitrary: junk.map(json) },
    { weight: 1, arbitrary: malformed },
    { weight: 1, arbitrary: wrongType },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

function requestOf(route: FuzzRoute): fc.Arbitrary<FuzzRequest> {
  return fc.record({
    path: pathOf(route),
    query: route.method === 'GET' || route.queryParams.length ? queryOf(route) : fc.constant(''),
    body: bodyOf(route),
    credentials: fc.double({ min: 0, max: 1, noNaN: true }).map((roll) => roll < (route.auth === 'admin-optional' ? 0.5 : 0.96)),
  });
}

// ---------------------------------------------------------------------------------------------
// Credentials: the admin's Basic header, and a driver session that the fuzz itself may end
// (logout, a password reset or a deactivation through the admin routes), so it is made again.
// Signing in again keeps its known-device cookie, which spares it the delay the fuzz's failed
// sign-ins put on its username (the address's delay applies to everyone: signIn waits as told);
// a new driver would have none, so the session follows what the admin routes did to its driver
// instead.

class DriverSession {
  private cookies = new Map<string, string>();
  private account?: { id: number; username: string; password: string; mustChange: boolean; deactivated: boolean };

  constructor(
    private readonly baseUrl: string,
    private readonly adminHeader: string,
  ) {}

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Notes what an admin call of the fuzz did to this driver: a new temporary password, a deactivation. */
  observe(route: FuzzRoute, status: number, text: string): void {
    if (!this.account || status !== 200 || !route.path.startsWith('/api/admin/drivers/{id}')) return;
    let body: { id?: number; driverId?: number; temporaryPassword?: string; isActive?: boolean };
    try {
      body = JSON.parse(text);
    } catch {
      return;
    }
    if (route.path.endsWith('/reset-password') && body.driverId === this.account.id && body.temporaryPassword) {
      Object.assign(this.account, { password: body.temporaryPassword, mustChange: true });
    }
    if (route.method === 'PATCH' && body.id === this.account.id) this.account.deactivated = body.isActive === false;
  }

  /** Signs in again (after a reactivation and with the new password when needed); else a new driver. */
  async restore(): Promise<void> {
    const account = this.account;
    if (account) {
      if (account.deactivated) {
        const res = await this.call('PATCH', `/api/admin/drivers/${account.id}`, { isActive: true }, { Authorization: this.adminHeader });
        if (res.status === 200) account.deactivated = false;
      }
      const outcome = await this.signIn(account.username, account.password);
      if (outcome === 'ready') return;
      if (outcome === 'must-change' && (await this.changePassword(account))) return;
    }
    await this.create();
  }

  private async changePassword(account: NonNullable<DriverSession['account']>): Promise<boolean> {
    const password = `fuzz-${randomBytes(4).toString('hex')}-pass`;
    const res = await this.call('POST', '/api/drivers/current/password', { currentPassword: account.password, newPassword: password, confirmPassword: password });
    if (res.status !== 200) return false;
    Object.assign(account, { password, mustChange: false });
    return true;
  }

  async create(): Promise<void> {
    const tag = randomBytes(4).toString('hex');
    const registered = await this.call('POST', '/api/register-driver', {
      firstName: 'Fuzz',
      lastName: `Driver${tag}`,
      email: `fuzz-${tag}@example.com`,
      phone: '3105550123',
      licenseNumber: `F${tag}`,
      address: '1 Fuzz Way, Los Angeles',
    }, { Authorization: this.adminHeader });
    if (registered.status !== 201) throw new Error(`fuzz: registering the fuzz driver answered ${registered.status}`);
    const driver = (await registered.json()) as { id: number; username: string; temporaryPassword: string };
    this.cookies.clear();
    const account = { id: driver.id, username: driver.username, password: driver.temporaryPassword, mustChange: true, deactivated: false };
    if ((await this.signIn(account.username, account.password)) !== 'must-change') throw new Error('fuzz: the new driver could not sign in');
    if (!(await this.changePassword(account))) throw new Error("fuzz: the new driver's password could not be changed");
    this.account = account;
    await this.call('POST', '/api/drivers/current/toggle-duty');
  }

  private async signIn(username: string, password: string): Promise<'ready' | 'must-change' | 'refused'> {
    let res = await this.call('POST', '/api/drivers/login', { username, password });
    // The fuzz's own failed sign-ins slow this address down: wait as told, as the web app does.
    for (let tries = 0; res.status === 429 && tries < 5; tries++) {
      await new Promise((r) => setTimeout(r, Math.min(Number(res.headers.get('retry-after') ?? 1), 30) * 1000));
      res = await this.call('POST', '/api/drivers/login', { username, password });
    }
    if (res.status !== 200) return 'refused';
    return ((await res.json()) as { mustChangePassword: boolean }).mustChangePassword ? 'must-change' : 'ready';
  }

  private async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { ...headers, Cookie: this.header(), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.keep(res.headers.getSetCookie());
    return res;
  }

  /** Keeps what the gateway sets (session and known-device cookies), forgets what it clears. */
  keep(setCookie: string[]): void {
    for (const line of setCookie) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]) < Date.now()) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The partial-write check

/** Tables filled in the background (event consumers and their audits, the outbox relay), not by the request itself. */
const BACKGROUND_TABLES = new Set(['outbox_events', 'processed_events', 'event_audit_cursors', '_prisma_migrations', 'ride_states', 'driver_earnings']);
const WRITE_SCHEMAS = ['booking', 'drivers', 'fleet'];

export class WriteWatch {
  private constructor(
    private readonly client: pg.Client,
    private readonly countSql: string,
    private readonly outboxSql: string,
  ) {}

  static async open(databaseUrl: string): Promise<WriteWatch> {
    const client = new pg.Client({ connectionString: databaseUrl });
    // A database dropped under the run (a test stack stopping) ends the connection: not a crash.
    client.on('error', () => {});
    await client.connect();
    const { rows } = await client.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
      [WRITE_SCHEMAS],
    );
    const counted = rows.filter((r) => !BACKGROUND_TABLES.has(r.name));
    const outboxes = rows.filter((r) => r.name === 'outbox_events');
    const countSql = `SELECT ${counted.map((r) => `(SELECT count(*) FROM "${r.schema}"."${r.name}") AS "${r.schema}.${r.name}"`).join(', ')}`;
    const outboxSql = outboxes.map((r) => `SELECT '${r.schema}' AS schema, type FROM "${r.schema}".outbox_events WHERE payload->>'correlationId' = $1`).join(' UNION ALL ');
    return new WriteWatch(client, countSql, outboxSql);
  }

  async counts(): Promise<Record<string, string>> {
    return (await this.client.query(this.countSql)).rows[0] as Record<string, string>;
  }

  /** The events a request left behind, as `schema:type`. */
  async eventsOf(requestId: string): Promise<string[]> {
    const { rows } = await this.client.query<{ schema: string; type: string }>(this.outboxSql, [requestId]);
    return rows.map((r) => `${r.schema}:${r.type}`);
  }

  close(): Promise<void> {
    return this.client.end();
  }
}

const changed = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys(after)
    .filter((table) => before[table] !== after[table])
    .map((table) => `${table} ${before[table]} -> ${after[table]}`);

// ---------------------------------------------------------------------------------------------
// The run

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ERROR_KEYS = new Set(['statusCode', 'message', 'errors']);

/** Whether a 4xx answer is the API's error body; a reason when it is not. */
function errorFormatProblem(status: number, type: string | undefined, text: string): string | undefined {
  if (!type?.includes('application/json')) return `4xx with content-type ${type}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return '4xx body is not JSON';
  }
  const b = body as { statusCode?: unknown; message?: unknown; errors?: unknown };
  if (typeof body !== 'object' || body === null) return '4xx body is not an object';
  if (b.statusCode !== status) return `4xx statusCode ${String(b.statusCode)} differs from ${status}`;
  if (typeof b.message !== 'string' || b.message === '') return '4xx without a message';
  if (Object.keys(body).some((key) => !ERROR_KEYS.has(key))) return `4xx body has other keys: ${Object.keys(body).join(', ')}`;
  if (b.errors !== undefined && !(Array.isArray(b.errors) && b.errors.every((e) => typeof e?.path === 'string' && typeof e?.message === 'string'))) {
    return '4xx errors is not a list of {path, message}';
  }
  return undefined;
}

interface Answer {
  status: number;
  type: string | undefined;
  setCookie: string[];
  text: string;
}

/**
 * One request as written, with node:http rather than fetch: fetch refuses a body on GET and
 * normalises paths (`/a/../b`), and a fuzz must be able to send both.
 */
function send(url: string, method: string, headers: Record<string, string>, body: string | undefined, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers: body === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], setCookie: res.headers['set-cookie'] ?? [], text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

const clip = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}...(${text.length})` : text);

export async function fuzzRoutes(options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const seed = options.seed ?? Date.now() % 2_147_483_647;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const timeoutMs = options.timeoutMs ?? 15_000;
  const routes = options.routes ?? (await routesFromOpenApi(options.baseUrl));
  if (routes.length === 0) throw new Error('fuzz: no routes');
  const adminHeader = `Basic ${Buffer.from(`${options.admin.username}:${options.admin.password}`).toString('base64')}`;
  const driver = new DriverSession(options.baseUrl, adminHeader);

  // Every route gets its share, in a seeded order that mixes them.
  const perRoute = Math.ceil(options.requests / routes.length);
  const plans = routes.map((route, i) => fc.sample(requestOf(route), { numRuns: perRoute, seed: seed + i }).map((request) => ({ route, request })));
  const order = fc.sample(fc.shuffledSubarray(plans.flatMap((_, i) => Array.from({ length: perRoute }, (__, k) => i * perRoute + k)), { minLength: perRoute * routes.length }), { numRuns: 1, seed })[0];
  const queue = order.slice(0, options.requests).map((index) => plans[Math.floor(index / perRoute)][index % perRoute]);

  await driver.create();
  const watch = options.databaseUrl ? await WriteWatch.open(options.databaseUrl) : undefined;
  const report: FuzzReport = { seed, requests: 0, durationMs: 0, byStatus: {}, byRoute: {}, byRouteStatus: {}, msByRoute: {}, writeChecks: 0, failures: [] };
  let next = 0;
  let restoring: Promise<void> | undefined;

  const runOne = async (route: FuzzRoute, request: FuzzRequest, n: number) => {
    const name = `${route.method} ${route.path}`;
    const url = `${options.baseUrl}${request.path}${request.query ? `?${request.query}` : ''}`;
    const requestId = `fuzz-${seed}-${n}`;
    const headers: Record<string, string> = { 'X-Request-Id': requestId };
    if (request.body) headers['Content-Type'] = request.body.type;
    const driverRoute = route.auth === 'driver' || route.path === '/api/drivers/logout';
    if (request.credentials && driverRoute) headers.Cookie = driver.header();
    else if (request.credentials && route.auth !== 'public') headers.Authorization = adminHeader;
    const check = watch && WRITES.has(route.method);
    const before = check && concurrency === 1 ? await watch.counts() : undefined;
    const described = `${route.method} ${clip(url.slice(options.baseUrl.length), 200)}${request.body ? ` ${request.body.type} ${clip(request.body.text, 300)}` : ''}`;
    const fail = (status: number, reason: string, response = '') => {
      if (report.failures.length < 100) report.failures.push({ route: name, request: described, status, reason, response: clip(response, 400) });
    };
    let res: Answer;
    try {
      res = await send(url, route.method, headers, request.body?.text, timeoutMs);
    } catch (error) {
      fail(0, `no answer: ${(error as Error).message}`);
      return;
    } finally {
      report.requests++;
      report.byRoute[name] = (report.byRoute[name] ?? 0) + 1;
    }
    report.byStatus[res.status] = (report.byStatus[res.status] ?? 0) + 1;
    const statuses = (report.byRouteStatus[name] ??= {});
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    const { text } = res;
    if (driverRoute && request.credentials) driver.keep(res.setCookie);
    if (route.auth === 'admin' && request.credentials) driver.observe(route, res.status, text);
    if (res.status >= 500) fail(res.status, '5xx', text);
    else if (res.status >= 400) {
      const problem = errorFormatProblem(res.status, res.type, text);
      if (problem) fail(res.status, problem, text);
      if (check) {
        report.writeChecks++;
        const events = await watch.eventsOf(requestId);
        if (events.length) fail(res.status, `partial write: ${res.status} but events ${events.join(', ')}`, text);
        if (before) {
          const diff = changed(before, await watch.counts());
          if (diff.length) fail(res.status, `partial write: ${res.status} but ${diff.join('; ')}`, text);
        }
      }
    }
    // The fuzz ended or spoiled its own driver session (logout, reset, deactivation): make one again.
    if (route.auth === 'driver' && request.credentials && (res.status === 401 || res.status === 403)) {
      restoring ??= driver
        .restore()
        .catch((error: Error) => fail(0, `the driver session could not be made again: ${error.message}`))
        .finally(() => (restoring = undefined));
      await restoring;
    }
  };

  const worker = async () => {
    while (next < queue.length) {
      const n = next++;
      const { route, request } = queue[n];
      await restoring;
      const t0 = Date.now();
      await runOne(route, request, n);
      const name = `${route.method} ${route.path}`;
      report.msByRoute[name] = (report.msByRoute[name] ?? 0) + Date.now() - t0;
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    await watch?.close();
  }
  report.durationMs = Date.now() - started;
  return report;
}

/** One line per failure, for a test's failure message. */
export function describeFailures(report: FuzzReport): string {
  return report.failures.map((f) => `${f.route} -> ${f.status} ${f.reason}\n    request: ${f.request}\n    response: ${f.response}`).join('\n');
}
