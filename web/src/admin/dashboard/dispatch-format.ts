import type { DispatchAlert, DriverOption, FlightAlertKind, RegistrationAlert } from '@limo/contracts';

/** GET path of a pending ride's driver choice. */
export const driverOptionsPath = (bookingId: number) => `/api/admin/bookings/${bookingId}/driver-options`;

/** True for the driver-options query of any booking (a driver's duty or a new ride changes them all). */
export const isDriverOptionsPath = (path: string) => /^\/api\/admin\/bookings\/\d+\/driver-options$/.test(path);

/** "Marcus Whitfield (whitma) · free · 7.2 mi away" or "… · busy with LX-7K3Q9". */
export function driverOptionLabel(option: DriverOption): string {
  const state = option.free ? 'free' : `busy with ${option.conflict?.reference ?? 'another ride'}`;
  const distance = option.distanceMiles == null ? '' : ` · ${option.distanceMiles} mi${option.from === 'previous-drop-off' ? ' from previous drop-off' : ' away'}`;
  return `${option.name} (${option.username}) · ${state}${distance}`;
}

const alertTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'America/Los_Angeles' });

/** When an alert was raised, in Los Angeles: "Nov 23, 1:32 PM". */
export const alertWhen = (at: string) => alertTime.format(new Date(at));

/** "Marcus Whitfield declined LX-7K3Q9" / "… did not answer LX-7K3Q9 in time", and when (LA). */
export function alertText(alert: DispatchAlert): { text: string; when: string } {
  const who = alert.driverName ?? `Driver #${alert.driverId}`;
  const text = alert.kind === 'declined' ? `${who} declined ${alert.reference}` : `${who} did not answer ${alert.reference} in time`;
  return { text, when: alertWhen(alert.at) };
}

const clockTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'America/Los_Angeles' });

/** "Driver applications reached 30 an hour: new ones refused until 3:45 PM", and when (LA). */
export function registrationAlertText(alert: RegistrationAlert): { text: string; when: string } {
  return { text: `Driver applications reached ${alert.perHour} an hour: new ones refused until ${clockTime.format(new Date(alert.until))}`, when: alertTime.format(new Date(alert.at)) };
}

/** A flight alert's badge. */
export const FLIGHT_ALERT_LABELS: Record<FlightAlertKind, string> = {
  'at-risk': 'At risk',
  'unknown-flight': 'Unknown flight',
  'no-fresh-status': 'No flight status',
};

/** The All Bookings page searched for one booking's reference: where a flight alert leads. */
export const bookingLink = (reference: string) => `/admin/bookings?${new URLSearchParams({ q: reference })}`;
