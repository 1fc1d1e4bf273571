import { Controller, Inject } from '@nestjs/common';
import { BENEFITS_MESSAGES, bookingRpc, COMPANY_MESSAGES, type RatesView, type RatesViewV1 } from '@limo/contracts';
import { CustomerBenefits } from '../benefits/customer-benefits.js';
import { CompanyTransfers } from '../benefits/company-transfers.js';
import { NOTHING_TO_SPEND } from './apply-benefits.js';
import { badRequest, OnRpc, type RpcRequest } from '@limo/messaging';
import { SERVICE_CONFIG } from '@limo/service-runtime';
import type { BookingConfig } from '../booking.config.js';
import { leadTimeProblem, type PricedRide } from '../rides/ride-rules.js';
import { FleetVehicles } from '../fleet/fleet-vehicles.js';
import { priceGuide } from './price-guide.js';
import { QuoteRides } from './quote-rides/quote-rides.use-case.js';
import { RateTableInForce } from './rate-table.js';
import { RateZones } from './rate-zones.js';
import { RatesRepository } from './rates.repository.js';
import { UpdateRates } from './update-rates/update-rates.use-case.js';

@Controller()
export class RatesHandlers {
  constructor(
    private readonly quotes: QuoteRides,
    private readonly benefits: CustomerBenefits,
    private readonly companyTransfers: CompanyTransfers,
    private readonly updateRates: UpdateRates,
    private readonly inForce: RateTableInForce,
    private readonly rates: RatesRepository,
    private readonly zones: RateZones,
    private readonly fleet: FleetVehicles,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  /**
   * A signed-in customer's quote takes their free ride and credit, or says why it could not; a
   * booker's quote for their company takes the month's transfers instead (or says it is billed).
   * A pickup too soon to book is refused as the booking would be, so the wizard stays on its first
   * step saying why instead of failing at the last.
   */
  @OnRpc(bookingRpc.quote)
  async quote({ ride, account, companyId }: RpcRequest<typeof bookingRpc.quote>) {
    this.checkLeadTime(ride);
    if (companyId !== undefined) {
      if (!account) throw badRequest(COMPANY_MESSAGES.signedOut);
      return this.quotes.execute(ride, new Date(), { plan: await this.companyTransfers.legs(account.email, companyId, ride) });
    }
    const benefits = account ? await this.benefits.available(account.email) : NOTHING_TO_SPEND;
    const quotes = await this.quotes.execute(ride, new Date(), { benefits: benefits ?? NOTHING_TO_SPEND });
    return benefits ? quotes : { ...quotes, quote: { ...quotes.quote, benefitsNote: BENEFITS_MESSAGES.unavailable } };
  }

  @OnRpc(bookingRpc.quoteV2)
  quoteV2({ ride, account }: RpcRequest<typeof bookingRpc.quoteV2>) {
    return this.quote({ ride, account });
  }

  @OnRpc(bookingRpc.quoteV1)
  quoteV1({ ride }: RpcRequest<typeof bookingRpc.quoteV1>) {
    this.checkLeadTime(ride);
    return this.quotes.execute(ride, new Date());
  }

  /** The wizard's quotes only: an admin's edit, a stored ride re-priced and the Rates page's preview are not held to the lead time. */
  private checkLeadTime(ride: Pick<PricedRide, 'pickupDate' | 'pickupTime'>): void {
    const tooSoon = leadTimeProblem(ride, new Date(), this.config.BOOKING_MIN_LEAD_MINUTES);
    if (tooSoon) throw badRequest(tooSoon);
  }

  @OnRpc(bookingRpc.rates)
  view(): Promise<RatesView> {
    return this.ratesView();
  }

  @OnRpc(bookingRpc.updateRates)
  async update({ actor, ...update }: RpcRequest<typeof bookingRpc.updateRates>): Promise<RatesView> {
    await this.updateRates.execute(update, actor);
    return this.ratesView();
  }

  @OnRpc(bookingRpc.previewRates)
  async preview({ table, ride }: RpcRequest<typeof bookingRpc.previewRates>) {
    const now = new Date();
    const [before, after] = await Promise.all([this.quotes.execute(ride, now), this.quotes.execute(ride, now, { draft: table })]);
    return { before, after };
  }

  @OnRpc(bookingRpc.ratesV1)
  async viewV1(): Promise<RatesViewV1> {
    return withoutShares(await this.ratesView());
  }

  /** A previous release's save keeps the drivers' shares of the table in force (it cannot see them). */
  @OnRpc(bookingRpc.updateRatesV1)
  async updateV1({ actor, ...update }: RpcRequest<typeof bookingRpc.updateRatesV1>): Promise<RatesViewV1> {
    const { table } = await this.inForce.get();
    await this.updateRates.execute({ ...update, table: { ...update.table, ...(table.driverShares ? { driverShares: table.driverShares } : {}) } }, actor);
    return withoutShares(await this.ratesView());
  }

  @OnRpc(bookingRpc.previewRatesV1)
  previewV1(request: RpcRequest<typeof bookingRpc.previewRatesV1>) {
    return this.preview(request);
  }

  @OnRpc(bookingRpc.priceGuide)
  async guide() {
    const [{ table, version }, vehicles] = await Promise.all([this.inForce.get(), this.fleet.list()]);
    return priceGuide(table, version, vehicles, this.zones.all);
  }

  private async ratesView(): Promise<RatesView> {
    const [{ table, version }, changes] = await Promise.all([this.inForce.get(), this.rates.history()]);
    return { table, version, zones: this.zones.list(), changes };
  }
}

/** The view as a previous release reads it: the table without the drivers' shares. */
function withoutShares(view: RatesView): RatesViewV1 {
  const { driverShares: _shares, ...table } = view.table;
  return { ...view, table };
}
