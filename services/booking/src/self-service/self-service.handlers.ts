import { Controller } from '@nestjs/common';
import { bookingRpc } from '@limo/contracts';
import { OnRpc, type RpcRequest } from '@limo/messaging';
import { CancelByCustomer } from './cancel-by-customer/cancel-by-customer.use-case.js';
import { ChangeByCustomer } from './change-by-customer/change-by-customer.use-case.js';
import { CustomerBookings } from './customer-bookings.js';
import { TravelEstimates } from './travel-estimates.js';

@Controller()
export class SelfServiceHandlers {
  constructor(
    private readonly bookings: CustomerBookings,
    private readonly cancelByCustomer: CancelByCustomer,
    private readonly changeByCustomer: ChangeByCustomer,
    private readonly travel: TravelEstimates,
  ) {}

  @OnRpc(bookingRpc.customerView)
  async view(key: RpcRequest<typeof bookingRpc.customerView>) {
    return this.bookings.view(await this.bookings.find(key));
  }

  @OnRpc(bookingRpc.emailBookings)
  byEmail({ email }: RpcRequest<typeof bookingRpc.emailBookings>) {
    return this.bookings.byEmail(email);
  }

  @OnRpc(bookingRpc.trackRide)
  track({ bookingId }: RpcRequest<typeof bookingRpc.trackRide>) {
    return this.bookings.tracked(bookingId);
  }

  @OnRpc(bookingRpc.travelEstimate)
  travelEstimate(query: RpcRequest<typeof bookingRpc.travelEstimate>) {
    return this.travel.between(query);
  }

  @OnRpc(bookingRpc.customerCancel)
  cancel(request: RpcRequest<typeof bookingRpc.customerCancel>) {
    return this.cancelByCustomer.execute(request);
  }

  @OnRpc(bookingRpc.customerChangeQuote)
  changeQuote(request: RpcRequest<typeof bookingRpc.customerChangeQuote>) {
    return this.changeByCustomer.quote(request);
  }

  @OnRpc(bookingRpc.customerChange)
  change(request: RpcRequest<typeof bookingRpc.customerChange>) {
    return this.changeByCustomer.execute(request);
  }

  /** The previous release's gateways: one booking, never its other leg. */
  @OnRpc(bookingRpc.customerCancelV1)
  cancelV1(key: RpcRequest<typeof bookingRpc.customerCancelV1>) {
    return this.cancelByCustomer.execute({ key, alsoOtherLeg: false });
  }
}
