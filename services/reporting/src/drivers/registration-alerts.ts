import type { RegistrationAlert } from '@limo/contracts';
import type { SqlExecutor } from '@limo/database';

/** Registrations paused alerts stay on the dashboard this long, as the dispatch alerts do. */
const ALERT_WINDOW_HOURS = 24;

export async function recordRegistrationAlert(tx: SqlExecutor, eventId: string, at: string, pause: { perHour: number; until: string }): Promise<void> {
  await tx.$executeRawUnsafe(
    `INSERT INTO registration_alerts (event_id, per_hour, at, until) VALUES ($1, $2, $3::timestamptz, $4::timestamptz) ON CONFLICT (event_id) DO NOTHING`,
    eventId,
    pause.perHour,
    at,
    pause.until,
  );
}

/** The last day's, newest first. */
export async function recentRegistrationAlerts(db: SqlExecutor, now = new Date()): Promise<RegistrationAlert[]> {
  const rows = await db.$queryRawUnsafe<{ per_hour: number; at: Date; until: Date }[]>(
    `SELECT per_hour, at, until FROM registration_alerts WHERE at > $1 ORDER BY at DESC LIMIT 10`,
    new Date(now.getTime() - ALERT_WINDOW_HOURS * 3_600_000),
  );
  return rows.map((r) => ({ perHour: r.per_hour, at: r.at.toISOString(), until: r.until.toISOString() }));
}
