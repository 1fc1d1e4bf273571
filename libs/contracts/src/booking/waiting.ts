import { airportOf } from './ride-places.js';

/*
 * Waiting at the pickup (decisions.md, "Airport rides"): the free minutes a pickup gets, shared by
 * the booking service that charges the rest and the driver's card that shows the clock. Free of zod.
 */

/** Free waiting at an airport or a meet-and-greet pickup (the site's "60 minutes free wait"), and elsewhere. */
export const FREE_WAIT_MINUTES = { greeting: 60, other: 15 } as const;

/** The free minutes a pickup gets: 60 at an airport or with meet and greet, 15 elsewhere. */
export const freeWaitMinutes = (ride: { pickupLocation: string; meetGreet: boolean }) =>
  ride.meetGreet || airportOf(ride.pickupLocation) !== null ? FREE_WAIT_MINUTES.greeting : FREE_WAIT_MINUTES.other;

/** When the wait clock starts: the driver's arrival, or the pickup time when the driver came early. */
export const waitStartsAt = (ride: { pickupAt: string | Date; arrivedAt: string | Date }) =>
  new Date(Math.max(new Date(ride.arrivedAt).getTime(), new Date(ride.pickupAt).getTime()));
