import type { SqlExecutor } from '@limo/database';

/**
 * The aggregate tables kept by delta. Listed in the order deltas are applied in, so two
 * transactions touching the same rows lock them in the same order (no deadlock between replicas).
 */
export const AGGREGATE_TABLES = {
  status: { table: 'booking_status_totals', keys: [['status', 'text']], values: ['bookings', 'amount_cents'] },
  createdMonthly: { table: 'bookings_created_monthly', keys: [['month', 'date']], values: ['bookings'] },
  revenueDaily: { table: 'revenue_daily', keys: [['day', 'date']], values: ['revenue_cents', 'bookings'] },
  revenueMonthly: { table: 'revenue_monthly', keys: [['month', 'date']], values: ['revenue_cents', 'bookings'] },
  customer: { table: 'customer_totals', keys: [['customer_key', 'text']], values: ['bookings'] },
  route: { table: 'route_totals', keys: [['pickup_location', 'text'], ['dropoff_location', 'text']], values: ['bookings', 'revenue_cents'] },
  driver: { table: 'driver_performance', keys: [['driver_id', 'int']], values: ['completed_rides', 'revenue_cents', 'earnings_cents', 'pickups', 'on_time_pickups'] },
  vehicle: { table: 'vehicle_usage', keys: [['vehicle_id', 'int']], values: ['bookings', 'completed_trips', 'revenue_cents'] },
  vehicleMonthly: { table: 'vehicle_monthly_trips', keys: [['month', 'date'], ['vehicle_id', 'int']], values: ['completed_trips'] },
  counter: { table: 'report_counters', keys: [['name', 'text']], values: ['value'] },
} as const satisfies Record<string, { table: string; keys: readonly (readonly [string, string])[]; values: readonly string[] }>;

export type AggregateName = keyof typeof AGGREGATE_TABLES;
const ORDER = Object.keys(AGGREGATE_TABLES) as AggregateName[];

export interface AggregateDelta {
  table: AggregateName;
  key: (string | number)[];
  values: Record<string, number>;
}

/** The counter of pending requests whose driver has yet to answer (they need no driver). */
export const AWAITING_ANSWER = 'awaiting_answer';

/** Counters derived from customer_totals: customers with 1+ bookings, and with 2+ (returning). */
export const CUSTOMER_COUNTERS = { customers: 1, returning_customers: 2 } as const;

/**
 * The change that turns the contributions of `before` into those of `after`: same-key deltas
 * summed, zero ones dropped, sorted in lock order.
 */
export function diffContributions(before: AggregateDelta[], after: AggregateDelta[]): AggregateDelta[] {
  const merged = new Map<string, AggregateDelta>();
  const add = (delta: AggregateDelta, sign: 1 | -1) => {
    const id = `${delta.table}\u0000${JSON.stringify(delta.key)}`;
    const entry = merged.get(id) ?? { table: delta.table, key: delta.key, values: {} };
    for (const [column, value] of Object.entries(delta.values)) entry.values[column] = (entry.values[column] ?? 0) + sign * value;
    merged.set(id, entry);
  };
  for (const d of before) add(d, -1);
  for (const d of after) add(d, 1);
  return sortForLocking([...merged.values()].filter((d) => Object.values(d.values).some((v) => v !== 0)));
}

function sortForLocking(deltas: AggregateDelta[]): AggregateDelta[] {
  return deltas.sort(
    (a, b) => ORDER.indexOf(a.table) - ORDER.indexOf(b.table) || compareKeys(a.key, b.key),
  );
}

function compareKeys(a: (string | number)[], b: (string | number)[]): number {
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    return a[i] < b[i] ? -1 : 1;
  }
  return 0;
}

/**
 * Applies deltas inside the caller's transaction, one statement per table whatever the number
 * of keys (a batch of events moves many customers and routes at once): increments by upsert,
 * removes rows that fall back to all zeros (so live tables hold exactly the rows a
 * recomputation would), and keeps the customer counters in step with customer_totals.
 */
export async function applyDeltas(tx: SqlExecutor, deltas: AggregateDelta[]): Promise<void> {
  const counterDeltas: AggregateDelta[] = [];
  for (const table of ORDER) {
    const group = deltas.filter((d) => d.table === table);
    if (group.length === 0) continue;
    const after = await applyTable(tx, table, group);
    if (table !== 'customer') continue;
    group.forEach((delta, i) => {
      const now = after[i].bookings ?? 0;
      const was = now - delta.values.bookings;
      for (const [name, threshold] of Object.entries(CUSTOMER_COUNTERS)) {
        const change = Number(now >= threshold) - Number(was >= threshold);
        if (change !== 0) counterDeltas.push({ table: 'counter', key: [name], values: { value: change } });
      }
    });
  }
  const counters = diffContributions([], counterDeltas);
  if (counters.length > 0) await applyTable(tx, 'counter', counters);
}

/** Upserts one table's deltas (distinct keys, in lock order) and returns each key's values after. */
async function applyTable(tx: SqlExecutor, table: AggregateName, deltas: AggregateDelta[]): Promise<Record<string, number>[]> {
  const spec = AGGREGATE_TABLES[table];
  const keyCols = spec.keys.map(([name]) => name);
  const valueCols = spec.values as readonly string[];
  const keyArrays = spec.keys.map((_, k) => deltas.map((d) => d.key[k]));
  const valueArrays = valueCols.map((c) => deltas.map((d) => String(d.values[c] ?? 0)));
  const keyParams = spec.keys.map(([, type], i) => `$${i + 1}::${type}[]`);
  const valueParams = valueCols.map((_, i) => `$${keyCols.length + i + 1}::bigint[]`);
  const rows = await tx.$queryRawUnsafe<Record<string, unknown>[]>(
    `INSERT INTO ${spec.table} (${[...keyCols, ...valueCols].join(', ')})
     SELECT * FROM unnest(${[...keyParams, ...valueParams].join(', ')})
     ON CONFLICT (${keyCols.join(', ')}) DO UPDATE SET ${valueCols.map((c) => `${c} = ${spec.table}.${c} + EXCLUDED.${c}`).join(', ')}
     RETURNING ${[...keyCols.map((c) => `${c}::text AS ${c}`), ...valueCols.map((c) => `${c}::bigint AS ${c}`)].join(', ')}`,
    ...keyArrays,
    ...valueArrays,
  );
  await tx.$executeRawUnsafe(
    `DELETE FROM ${spec.table} WHERE (${keyCols.join(', ')}) IN (SELECT * FROM unnest(${keyParams.join(', ')}))
     AND ${valueCols.map((c) => `${c} = 0`).join(' AND ')}`,
    ...keyArrays,
  );
  // RETURNING gives no order: match the rows back to the deltas by key.
  const byKey = new Map(rows.map((r) => [keyCols.map((c) => String(r[c])).join('\u0000'), r]));
  return deltas.map((d) => {
    const row = byKey.get(d.key.map(String).join('\u0000'));
    return Object.fromEntries(valueCols.map((c) => [c, Number(row?.[c] ?? 0)]));
  });
}
