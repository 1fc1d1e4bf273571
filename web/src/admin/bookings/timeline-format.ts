import type { TimelineEntry } from '@limo/contracts';
import { DRIVER_STATUS_LABELS } from '../../lib/ride-status-labels';

const laDateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'America/Los_Angeles' });
const ISO_INSTANT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})/g;

/** "Nov 23, 2026, 1:22 PM" in Los Angeles. */
const formatInstant = (iso: string) => {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : laDateTime.format(new Date(time));
};

const WHAT: Record<TimelineEntry['kind'], string> = {
  created: 'Booked',
  edited: 'Edited',
  'status-changed': 'Status changed',
  assigned: 'Assigned to a driver',
  accepted: 'Accepted by the driver',
  declined: 'Declined by the driver',
  expired: 'Not answered in time',
  withdrawn: 'Assignment withdrawn',
  progressed: 'Progress',
};

/**
 * One timeline line: when (LA), what happened, and by whom. The service names a driver's own
 * actions only by id, so `driverNames` (from the drivers list) supplies the name.
 */
export function timelineLine(entry: TimelineEntry, driverNames: ReadonlyMap<number, string> = new Map()): { when: string; what: string; detail: string | null; who: string } {
  const what = entry.kind === 'progressed' && entry.driverStatus ? DRIVER_STATUS_LABELS[entry.driverStatus] : WHAT[entry.kind];
  // Details name instants as ISO (an answer's deadline): shown as LA times like the rest.
  const detail = entry.detail ? entry.detail.replace(ISO_INSTANT, formatInstant) : null;
  const { kind, name } = entry.actor;
  const who =
    kind === 'admin'
      ? `Admin${name ? ` (${name})` : ''}`
      : kind === 'driver'
        ? `Driver ${name ?? entry.driverName ?? driverNames.get(entry.actor.id ?? entry.driverId ?? 0) ?? (entry.actor.id ? `#${entry.actor.id}` : '')}`.trim()
        : kind === 'customer'
          ? `Customer${name ? ` (${name})` : ''}`
          : 'System';
  return { when: formatInstant(entry.at), what, detail, who };
}
