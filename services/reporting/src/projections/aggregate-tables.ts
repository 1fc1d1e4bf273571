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

export function sortForLocking(deltas: AggregateDelta[]): AggregateDelta[] {
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
 * Applies deltas inside the caller's transaction: increments by upsert, removes rows that fall
 * back to all zeros (so live tables hold exactly the rows a recomputation would), and keeps the
 * customer counters in step with customer_totals.
 */
export async function applyDeltas(tx: SqlExecutor, deltas: AggregateDelta[]): Promise<void> {
  const counterDeltas: AggregateDelta[] = [];
  for (const delta of deltas) {
    const after = await applyOne(tx, delta);
    if (delta.table === 'customer') {
      const now = after.bookings ?? 0;
      const was = now - delta.values.bookings;
      for (const [name, threshold] of Object.entries(CUSTOMER_COUNTERS)) {
        const change = Number(now >= threshold) - Number(was >= threshold);
        if (change !== 0) counterDeltas.push({ table: 'counter', key: [name], values: { value: change } });
      }
    }
  }
  for (const delta of diffContributions([], counterDeltas)) await applyOne(tx, delta);
}

async function applyOne(tx: SqlExecutor, delta: AggregateDelta): Promise<Record<string, number>> {
  const spec = AGGREGATE_TABLES[delta.table];
  const keyCols = spec.keys.map(([name]) => name);
  const valueCols = spec.values as readonly string[];
  const params: unknown[] = [...delta.key, ...valueCols.map((c) => delta.values[c] ?? 0)];
  const keyPlaceholders = spec.keys.map(([, type], i) => `$${i + 1}::${type}`);
  const valuePlaceholders = valueCols.map((_, i) => `$${keyCols.length + i + 1}::bigint`);
  const rows = await tx.$queryRawUnsafe<Record<string, bigint | number>[]>(
    `INSERT INTO ${spec.table} (${[...keyCols, ...valueCols].join(', ')})
     VALUES (${[...keyPlaceholders, ...valuePlaceholders].join(', ')})
     ON CONFLICT (${keyCols.join(', ')}) DO UPDATE SET ${valueCols.map((c) => `${c} = ${spec.table}.${c} + EXCLUDED.${c}`).join(', ')}
     RETURNING ${valueCols.map((c) => `${c}::bigint AS ${c}`).join(', ')}`,
    ...params,
  );
  const after = Object.fromEntries(valueCols.map((c) => [c, Number(rows[0][c])]));
  if (valueCols.every((c) => after[c] === 0)) {
    await tx.$executeRawUnsafe(
      `DELETE FROM ${spec.table} WHERE ${keyCols.map((c, i) => `${c} = ${keyPlaceholders[i]}`).join(' AND ')}`,
      ...delta.key,
    );
  }
  return after;
}
