import { z } from 'zod';
import { GeoPoint } from '../common/map.js';
import { DriverStatus } from './dispatch.js';
import { TRACKING_MESSAGES } from './tracking-messages.js';
import { BookingStatus } from './values.js';

/*
 * Live tracking (issue 13): from the moment the chauffeur sets off (`en-route`) until a while
 * after drop-off, the link in the "on the way" message shows where the chauffeur is.
 */

export { TRACKING_MESSAGES, TRACKING_STALE_SECONDS } from './tracking-messages.js';

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

/** `GET /api/track/photo?t=&v=`: the chauffeur's photo; `v` is its version, for caching. */
export const TrackingPhotoQuery = TrackingQuery.extend({ v: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'v must be a photo version').optional() }).strict();
export type TrackingPhotoQuery = z.infer<typeof TrackingPhotoQuery>;

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
  /** Where the pickup and drop-off are, when the booking service can place them (gazetteer, coordinates, geocoder); absent from an earlier release. */
  pickupPoint: GeoPoint.nullable().optional(),
  dropoffPoint: GeoPoint.nullable().optional(),
  /** `not-started` before en-route, `open` from en-route until TRACKING_AFTER_DROPOFF_MINUTES after drop-off, then `ended`. */
  window: z.enum(['not-started', 'open', 'ended']),
  /**
   * When the window closes by the clock (drop-off plus those minutes); null until the drop-off,
   * absent from a booking service of an earlier release. Never sent to the browser.
   */
  windowEndsAt: Instant.nullable().optional(),
});
export type TrackedRide = z.infer<typeof TrackedRide>;

/** `booking.tracking.route`: how long a car takes from one point to another, now. */
export const RouteQuery = z.object({ from: GeoPoint, to: GeoPoint }).strict();
export type RouteQuery = z.infer<typeof RouteQuery>;

export const TravelEstimate = z.object({
  minutes: z.number().int().min(0),
  miles: z.number().min(0),
  /** `route`: the routing service's road time; `estimate`: the distance over a time-of-day speed. */
  basis: z.enum(['route', 'estimate']),
  /** The road to take, [latitude, longitude] pairs, only from a routing service. */
  line: z.array(z.tuple([z.number(), z.number()])).nullable(),
});
export type TravelEstimate = z.infer<typeof TravelEstimate>;

/** What the tracking page shows: the chauffeur, the car, the ride's status, last position and how far away it is. */
export const TrackingView = TrackedRide.omit({ driverId: true, window: true, windowEndsAt: true, status: true, pickupPoint: true, dropoffPoint: true }).extend({
  pickupPoint: GeoPoint.nullable(),
  dropoffPoint: GeoPoint.nullable(),
  position: z.object({ latitude: z.number(), longitude: z.number(), at: Instant }).nullable(),
  /** To the pickup until the passenger is on board, then to the drop-off; null once arrived or without a position or place. */
  eta: TravelEstimate.extend({ to: z.enum(['pickup', 'dropoff']) }).nullable(),
  /** The car the chauffeur drives, as the admin recorded it. */
  vehicleColour: z.string().nullable(),
  vehiclePlate: z.string().nullable(),
  /** The chauffeur's photo (`/api/track/photo?t=...`), null without one. */
  photoUrl: z.string().nullable(),
  /** The number the call and text buttons reach: the company's masking line when configured (`masked`), else the chauffeur's. */
  contactPhone: z.object({ number: z.string(), masked: z.boolean() }).nullable(),
  /** The server's clock, so the page can say how old the position is whatever the phone's clock says. */
  serverTime: Instant,
});
export type TrackingView = z.infer<typeof TrackingView>;
