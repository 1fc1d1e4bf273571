import { z } from 'zod';

/**
 * One server-sent event of the live boards (GET /api/admin/stream, GET /api/drivers/current/stream):
 * what changed, enough for a page to refresh what it shows. `id:` of the SSE message is the event's
 * position in the stream; a reconnect with Last-Event-ID resumes after it.
 */
export const LiveUpdate = z.object({
  /** The event type, e.g. booking.ride.assigned.v1, drivers.driver.location-updated.v1. */
  type: z.string(),
  at: z.iso.datetime({ offset: true }),
  bookingId: z.number().int().positive().optional(),
  reference: z.string().optional(),
  status: z.string().optional(),
  driverId: z.number().int().positive().nullable().optional(),
  driverStatus: z.string().nullable().optional(),
  driverResponse: z.string().nullable().optional(),
  /** A driver's new position (location events, on the admin's stream only): the maps move it without fetching. */
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
});
export type LiveUpdate = z.infer<typeof LiveUpdate>;
