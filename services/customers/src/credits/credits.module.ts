import { Module } from '@nestjs/common';
import { BenefitReservations } from '../benefits/benefit-reservations.use-case.js';
import { BenefitsRepository } from '../benefits/benefits.repository.js';
import { CreditReservationsRepository } from '../benefits/credit-reservations.repository.js';
import { ReferAndFly } from '../referrals/refer-and-fly.use-case.js';
import { ReferralsRepository } from '../referrals/referrals.repository.js';
import { AdjustCredit } from './adjust-credit.use-case.js';
import { CreditLedgerBook } from './credit-ledger.js';
import { CreditsHandlers } from './credits.handlers.js';
import { CreditsRepository } from './credits.repository.js';
import { WriteOffExpired } from './write-off-expired.use-case.js';
import { StoredBookingsModule } from '../stored-bookings.module.js';

/**
 * The benefits a customer spends on bookings: Refer & Fly credit (its ledger, the referrals that
 * earn it) and the reservations that hold credit and Next One's on Us free rides for bookings.
 * The booking events reach it through the loyalty module's consumer (one durable per service).
 */
@Module({
  imports: [StoredBookingsModule],
  controllers: [CreditsHandlers],
  providers: [CreditsRepository, CreditLedgerBook, AdjustCredit, BenefitsRepository, CreditReservationsRepository, BenefitReservations, ReferralsRepository, ReferAndFly, WriteOffExpired],
  exports: [BenefitReservations, ReferAndFly, WriteOffExpired],
})
export class CreditsModule {}
