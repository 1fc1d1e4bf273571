import { z } from 'zod';
import { DriverStatus } from './dispatch.js';
import { BookingStatus } from './values.js';

/*
 * Live tracking (issue 13): from the moment the chauffeur sets off (`en-route`) until a while
 * after drop-off, the link in the "on the way" message shows where the chauffeur is.
 */

/** A position older than this is shown as stale. */
export const TRACKING_STALE_SECONDS = 120;

export const TRACKING_MESSAGES = {
  notStarted: 'Tracking opens when your chauffeur is on the way',
  ended: 'This trip has ended',
  invalid: 'This tracking link is not valid',
} as const;

/** `GET /api/track?t=` */
export const TrackingQuery = z
  .object({
    t: z
      .string({ error: TRACKING_MESSAGES.invalid })
      .max(512, TRACKING_MESSAGES.invalid)
      .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, TRACKING_MESSAGES.invalid),
  })
  .strict();
export type TrackingQuery = z.infer<typeof TrackingQuery>;

const Instant = z.iso.datetime({ offset: true });

/** Where a ride stands for tracking, as the booking service sees it (the gateway adds the position). */
export const TrackedRide = z.object({
  reference: z.string(),
  status: BookingStatus,
  driverStatus: DriverStatus.nullable(),
  /** For the gateway to ask drivers for the position, null from drop-off on; never sent to the browser. */
  driverId: z.number().int().nullable(),
  chauffeurFirstName: z.string().nullable(),
  vehicleName: z.string().nullable(),
  pickupLocation: z.string(),
  dropoffLocation: z.string().nullable(),
  /** `not-started` before en-route, `open` from en-route until TRACKING_AFTER_DROPOFF_MINUTES after drop-off, then `ended`. */
  window: z.enum(['not-started', 'open', 'ended']),
  /**
   * When the window closes by the clock (drop-off plus those minutes); null until the drop-off,
   * absent from a booking service of an earlier release. Never sent to the browser.
   */
  windowEndsAt: Instant.nullable().optional(),
});
export type TrackedRide = z.infer<typeof TrackedRide>;

/** What the tracking page shows: the chauffeur's first name, the car, the ride's status and last position. */
export const TrackingView = TrackedRide.omit({ driverId: true, window: true, windowEndsAt: true, status: true }).extend({
  position: z.object({ latitude: z.number(), longitude: z.number(), at: Instant }).nullable(),
  /** The server's clock, so the page can say how old the position is whatever the phone's clock says. */
  serverTime: Instant,
});
export type TrackingView = z.infer<typeof TrackingView>;
