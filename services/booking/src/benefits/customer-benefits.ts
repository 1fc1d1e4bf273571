import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { BENEFITS_MESSAGES, customersRpc, fromCents, toCents } from '@limo/contracts';
import { RESEND_AFTER_MS, RpcCallError, RpcClient, ServiceError } from '@limo/messaging';
import type { Spendable, Spent } from '../rates/apply-benefits.js';

/** Long enough for a healthy customers service, short enough that a quote is not held up by a sick one. */
const BENEFITS_TIMEOUT_MS = 1_500;

/**
 * The customers service's side of a signed-in customer's booking: what they can spend (asked at
 * every quote), the hold on what a booking spends (a reservation whose id the booking's `created`
 * event carries: the customers service binds it to the booking, settles it at completion and
 * releases it at cancellation), and handing a hold back when the booking was not stored.
 */
@Injectable()
export class CustomerBenefits {
  private readonly log = new Logger('CustomerBenefits');

  constructor(private readonly rpc: RpcClient) {}

  /** What the email can spend now; null when the customers service cannot say (the quote goes on without, and says so). */
  async available(email: string): Promise<Spendable | null> {
    try {
      const benefits = await this.rpc.request(customersRpc.benefits, { email }, { timeoutMs: BENEFITS_TIMEOUT_MS, resendAfterMs: RESEND_AFTER_MS });
      return { freeRide: benefits.freeRide !== null, creditCents: toCents(benefits.credit) };
    } catch (error) {
      this.log.warn(`benefits not checked: ${(error as Error).message}`);
      return null;
    }
  }

  /**
   * Holds exactly what the booking spends, all or nothing: its reservation id, or a 409 (spent
   * meanwhile by another booking) or 503 passed on. Nothing to hold: no reservation.
   */
  async reserve(email: string, spent: Spent): Promise<string | null> {
    if (!spent.freeRide && spent.creditCents === 0) return null;
    const reservationId = randomUUID();
    try {
      await this.rpc.request(customersRpc.reserveBenefits, { email, reservationId, claim: { freeRide: spent.freeRide, credit: fromCents(spent.creditCents) } }, { resendAfterMs: RESEND_AFTER_MS });
      return reservationId;
    } catch (error) {
      if (error instanceof RpcCallError && error.status === 409) throw new ServiceError(409, BENEFITS_MESSAGES.gone);
      if (error instanceof RpcCallError && error.status < 500) throw new ServiceError(error.status, error.message, error.errors);
      // A timeout may have held it after all: handed back, or released by the customers service
      // within minutes as a hold no booking ever named.
      await this.release(reservationId);
      throw new ServiceError(503, BENEFITS_MESSAGES.reserveFailed);
    }
  }

  /** Hands back the hold of a booking that was not stored. Best effort: a hold no booking names is released by the customers service within minutes. */
  async release(reservationId: string | null): Promise<void> {
    if (!reservationId) return;
    try {
      await this.rpc.request(customersRpc.releaseBenefits, { reservationId }, { timeoutMs: BENEFITS_TIMEOUT_MS, resendAfterMs: RESEND_AFTER_MS });
    } catch (error) {
      this.log.warn(`reservation ${reservationId} not released now (the customers service releases it later): ${(error as Error).message}`);
    }
  }
}
