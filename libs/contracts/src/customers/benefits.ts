import { z } from 'zod';
import { Money } from '../common/money.js';
import { AccountEmail } from './account.js';
import { BenefitsClaim } from './benefits-claim.js';

/*
 * What a signed-in customer's next booking can spend (decisions.md, "Customer accounts and the
 * programs the site advertises"): a Next One's on Us free ride (the fare of an airport ride) and
 * Refer & Fly credit (dollars off the total, never below $0). The customers service owns both;
 * the booking service asks for them when it quotes, reserves what the customer's quote showed when
 * the booking is made, and the customers service settles the reservation when the ride is
 * completed and releases it when the booking is cancelled (or was never stored).
 */

/** `customers.benefits.get.v1`: what the email can spend now (reserved amounts are not available). */
export const AccountBenefits = z.object({
  /** The usable free ride expiring first, if any. */
  freeRide: z.object({ expiresAt: z.iso.datetime({ offset: true }) }).nullable(),
  /** Refer & Fly credit earned, not expired, not reserved or spent. */
  credit: Money,
});
export type AccountBenefits = z.infer<typeof AccountBenefits>;

/**
 * `customers.benefits.reserve.v1`: holds exactly the claim for one booking, all or nothing (a 409
 * with BENEFITS_MESSAGES.gone when the free ride or the credit is no longer there, say spent by
 * another booking made at the same moment). Credit is taken from the grants expiring first.
 * Repeating a reservation id answers what it reserved and holds nothing more.
 */
export const ReserveBenefits = z
  .object({
    email: AccountEmail,
    /** Made by the booking service per booking attempt; the booking's `created` event carries it. */
    reservationId: z.uuid(),
    claim: BenefitsClaim,
  })
  .strict();
export type ReserveBenefits = z.infer<typeof ReserveBenefits>;

/** A reservation whose booking was not stored: handed back at once. Done whether or not it exists. */
export const ReleaseBenefits = z.object({ reservationId: z.uuid() }).strict();

export const BENEFITS_MESSAGES = {
  gone: 'Your free ride or credit has just been used by another booking: please look at the new price and book again',
  otherEmail: "Free rides and credit apply to bookings made with your account's email",
  signedOut: 'Sign in to use your free ride or credit',
  unavailable: 'Your free rides and credit could not be checked just now: they stay in your account for your next booking',
  reserveFailed: 'Your free ride or credit could not be held for this booking just now: please try again in a moment',
  notAirport: "Next One's on Us makes the fare of an airport ride free: this ride does not start or end at an airport",
} as const;

/** At most this many reservations asked at once (a sweep asks in pages). */
export const RESERVATION_HOLDERS_MAX = 500;

/**
 * `booking.reservations.holders.v1`: which of these reservations (benefits' or a company's
 * transfer) a stored booking names. The customers service asks before it releases a reservation
 * that no `created` event has bound after a while: the booking may be stored with its event still
 * on its way (the customers service or JetStream down for longer than that), and releasing its
 * hold would let the same credit, free ride or transfer be spent twice. `since`: the oldest
 * reservation's making, less a margin (the booking is stored right after its hold), so the booking
 * service searches bookings made since then only.
 */
export const ReservationHoldersQuery = z
  .object({
    reservationIds: z.array(z.uuid()).min(1).max(RESERVATION_HOLDERS_MAX),
    since: z.iso.datetime({ offset: true }),
  })
  .strict();
export type ReservationHoldersQuery = z.infer<typeof ReservationHoldersQuery>;

export const ReservationHolder = z.object({ reservationId: z.uuid(), bookingId: z.number().int().positive() });
export type ReservationHolder = z.infer<typeof ReservationHolder>;
