import { performance } from 'node:perf_hooks';
import { Injectable, Logger } from '@nestjs/common';
import { BENEFITS_MESSAGES, COMPANY_MESSAGES } from '@limo/contracts';
import { ServiceError } from '@limo/messaging';

/**
 * How long after its holds were taken (benefits or a company's transfer) a booking may still be
 * stored. It must stay well below the customers service's UNBOUND_HOLD_MS (15 minutes,
 * services/customers/src/stored-bookings.ts): past that, its housekeeping gives back a hold no
 * stored booking names, so a booking stored later would name a hold already given back and the
 * same credit, free ride or transfer could be spent twice. It bounds the commit, not only the start:
 * the statement that stores such a booking runs with the time left as its statement_timeout
 * (NewBookingWriter); a round trip's is checked inside its transaction, which Prisma's transaction
 * timeout (15 s) ends. The rest of the 15 minutes is margin.
 */
export const STORE_HOLDS_WITHIN_MS = 5 * 60_000;

/**
 * This process's monotonic clock (ms), by which a hold's age is measured between taking it and
 * storing its booking: not the wall clock (it may jump), nor a database's. A class so a test can
 * make the time between the two pass.
 */
@Injectable()
export class HoldClock {
  now(): number {
    return performance.now();
  }

  /** How long (ms) a booking naming holds taken at `takenAt` (this clock) has left to be stored: below 0, too late. */
  timeLeft(takenAt: number): number {
    return takenAt + STORE_HOLDS_WITHIN_MS - this.now();
  }

  /** Whether holds taken at `takenAt` (this clock; null: none taken) are too old to store a booking naming them. */
  tooOld(takenAt: number | null): boolean {
    return takenAt !== null && this.timeLeft(takenAt) < 0;
  }
}

/** A booking not stored because its holds were taken more than STORE_HOLDS_WITHIN_MS ago (before its statement, or by the time it would have committed). */
export class HoldsTooOld extends Error {
  constructor() {
    super(`The booking's holds were taken more than ${STORE_HOLDS_WITHIN_MS / 60_000} minutes ago: not stored`);
  }
}

const log = new Logger('HoldAge');

/** The answer to a booking whose holds were too old (given back by then): a 503, as when they could not be held, for a retry holds afresh. */
export function holdsTooOldRefusal(transfer: boolean): ServiceError {
  log.warn(`a booking was not stored: its ${transfer ? 'transfer' : 'benefits'} were held more than ${STORE_HOLDS_WITHIN_MS / 60_000} minutes before its insert could commit (given back; answered 503)`);
  return new ServiceError(503, transfer ? COMPANY_MESSAGES.transferFailed : BENEFITS_MESSAGES.reserveFailed);
}
