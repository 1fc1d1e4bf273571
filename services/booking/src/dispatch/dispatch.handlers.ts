import { Controller } from '@nestjs/common';
import { bookingRpc } from '@limo/contracts';
import { OnRpc, type RpcRequest } from '@limo/messaging';
import { AdvanceRide } from './advance-ride/advance-ride.use-case.js';
import { AnswerAssignment } from './answer-assignment/answer-assignment.use-case.js';
import { AssignDriver } from './assign-driver/assign-driver.use-case.js';
import { DispatchQueries } from './dispatch-queries.js';
import { ReviewSettlement } from './review-settlement/review-settlement.use-case.js';
import { WithdrawAssignment } from './withdraw-assignment/withdraw-assignment.use-case.js';

@Controller()
export class DispatchHandlers {
  constructor(
    private readonly assignDriver: AssignDriver,
    private readonly withdrawAssignment: WithdrawAssignment,
    private readonly answerAssignment: AnswerAssignment,
    private readonly advanceRide: AdvanceRide,
    private readonly reviewSettlement: ReviewSettlement,
    private readonly queries: DispatchQueries,
  ) {}

  @OnRpc(bookingRpc.assign)
  assign(request: RpcRequest<typeof bookingRpc.assign>) {
    return this.assignDriver.execute(request);
  }

  @OnRpc(bookingRpc.withdraw)
  withdraw(request: RpcRequest<typeof bookingRpc.withdraw>) {
    return this.withdrawAssignment.execute(request);
  }

  @OnRpc(bookingRpc.respond)
  respond(request: RpcRequest<typeof bookingRpc.respond>) {
    return this.answerAssignment.execute(request);
  }

  @OnRpc(bookingRpc.progress)
  progress(request: RpcRequest<typeof bookingRpc.progress>) {
    return this.advanceRide.execute(request);
  }

  @OnRpc(bookingRpc.progressV1)
  progressV1(request: RpcRequest<typeof bookingRpc.progressV1>) {
    return this.advanceRide.execute(request);
  }

  @OnRpc(bookingRpc.reviewSettlement)
  review(request: RpcRequest<typeof bookingRpc.reviewSettlement>) {
    return this.reviewSettlement.execute(request);
  }

  @OnRpc(bookingRpc.driverRides)
  driverRides({ driverId }: RpcRequest<typeof bookingRpc.driverRides>) {
    return this.queries.driverRides(driverId);
  }

  @OnRpc(bookingRpc.endedOffers)
  endedOffers({ driverId }: RpcRequest<typeof bookingRpc.endedOffers>) {
    return this.queries.endedOffers(driverId);
  }

  @OnRpc(bookingRpc.weekOutlook)
  weekOutlook({ driverId }: RpcRequest<typeof bookingRpc.weekOutlook>) {
    return this.queries.weekOutlook(driverId);
  }

  @OnRpc(bookingRpc.timeline)
  timeline({ bookingId }: RpcRequest<typeof bookingRpc.timeline>) {
    return this.queries.timeline(bookingId);
  }

  @OnRpc(bookingRpc.driverOptions)
  driverOptions({ bookingId, drivers }: RpcRequest<typeof bookingRpc.driverOptions>) {
    return this.queries.driverOptions(bookingId, drivers);
  }

  @OnRpc(bookingRpc.driverOptionsV1)
  driverOptionsV1({ bookingId, drivers }: RpcRequest<typeof bookingRpc.driverOptionsV1>) {
    return this.queries.driverOptions(bookingId, drivers);
  }

  @OnRpc(bookingRpc.dispatchDay)
  dispatchDay({ date }: RpcRequest<typeof bookingRpc.dispatchDay>) {
    return this.queries.day(date);
  }

  @OnRpc(bookingRpc.assignments)
  assignments({ after, limit }: RpcRequest<typeof bookingRpc.assignments>) {
    return this.queries.assignments(after, limit);
  }
}
