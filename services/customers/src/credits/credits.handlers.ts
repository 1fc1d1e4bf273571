import { Controller } from '@nestjs/common';
import { customersRpc } from '@limo/contracts';
import { OnRpc, type RpcRequest } from '@limo/messaging';
import { BenefitReservations } from '../benefits/benefit-reservations.use-case.js';
import { ReferAndFly } from '../referrals/refer-and-fly.use-case.js';
import { AdjustCredit } from './adjust-credit.use-case.js';
import { CreditLedgerBook } from './credit-ledger.js';

/** A signed-in customer's benefits and referrals, and the admin's credit ledger. */
@Controller()
export class CreditsHandlers {
  constructor(
    private readonly reservations: BenefitReservations,
    private readonly referAndFly: ReferAndFly,
    private readonly ledger: CreditLedgerBook,
    private readonly adjustCredit: AdjustCredit,
  ) {}

  @OnRpc(customersRpc.benefits)
  benefits({ email }: RpcRequest<typeof customersRpc.benefits>) {
    return this.reservations.get(email);
  }

  @OnRpc(customersRpc.reserveBenefits)
  async reserve(request: RpcRequest<typeof customersRpc.reserveBenefits>) {
    await this.reservations.reserve(request);
    return {};
  }

  @OnRpc(customersRpc.releaseBenefits)
  async release({ reservationId }: RpcRequest<typeof customersRpc.releaseBenefits>) {
    await this.reservations.release(reservationId);
    return {};
  }

  @OnRpc(customersRpc.referrals)
  referrals({ email }: RpcRequest<typeof customersRpc.referrals>) {
    return this.referAndFly.account(email);
  }

  @OnRpc(customersRpc.checkReferral)
  async checkReferral(request: RpcRequest<typeof customersRpc.checkReferral>) {
    await this.referAndFly.check(request);
    return {};
  }

  @OnRpc(customersRpc.creditLedger)
  creditLedger({ email }: RpcRequest<typeof customersRpc.creditLedger>) {
    return this.ledger.ledger(email);
  }

  @OnRpc(customersRpc.adjustCredit)
  adjust(request: RpcRequest<typeof customersRpc.adjustCredit>) {
    return this.adjustCredit.execute(request);
  }

  @OnRpc(customersRpc.adjustCreditV1)
  adjustV1(request: RpcRequest<typeof customersRpc.adjustCreditV1>) {
    return this.adjustCredit.execute(request);
  }
}
