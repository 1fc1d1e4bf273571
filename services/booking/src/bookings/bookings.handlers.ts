import { Controller } from '@nestjs/common';
import { bookingRpc } from '@limo/contracts';
import { OnRpc, type RpcRequest } from '@limo/messaging';
import { BookingsRepository } from './bookings.repository.js';
import { CreateBooking } from './create-booking/create-booking.use-case.js';
import { CreateTrip } from './create-trip/create-trip.use-case.js';
import { UpdateBooking } from './update-booking/update-booking.use-case.js';
import { VehicleNames } from '../fleet/vehicle-names.js';

@Controller()
export class BookingsHandlers {
  constructor(
    private readonly bookings: BookingsRepository,
    private readonly createBooking: CreateBooking,
    private readonly createTrip: CreateTrip,
    private readonly updateBooking: UpdateBooking,
    private readonly vehicleNames: VehicleNames,
  ) {}

  @OnRpc(bookingRpc.create)
  create({ booking, idempotencyKey, account }: RpcRequest<typeof bookingRpc.create>) {
    return this.createBooking.execute({ request: booking, idempotencyKey, account });
  }

  @OnRpc(bookingRpc.createV4)
  createV4({ booking, idempotencyKey, account }: RpcRequest<typeof bookingRpc.createV4>) {
    return this.createBooking.execute({ request: booking, idempotencyKey, account });
  }

  @OnRpc(bookingRpc.createV3)
  createV3({ booking, idempotencyKey }: RpcRequest<typeof bookingRpc.createV3>) {
    return this.createBooking.execute({ request: booking, idempotencyKey });
  }

  @OnRpc(bookingRpc.createV2)
  createV2({ booking, idempotencyKey }: RpcRequest<typeof bookingRpc.createV2>) {
    return this.createBooking.execute({ request: booking, idempotencyKey });
  }

  @OnRpc(bookingRpc.createV1)
  createV1({ booking, idempotencyKey }: RpcRequest<typeof bookingRpc.createV1>) {
    return this.createBooking.execute({ request: booking, idempotencyKey });
  }

  @OnRpc(bookingRpc.createTrip)
  trip({ booking, idempotencyKey, account }: RpcRequest<typeof bookingRpc.createTrip>) {
    return this.createTrip.execute({ request: booking, idempotencyKey, account });
  }

  @OnRpc(bookingRpc.createTripV4)
  tripV4({ booking, idempotencyKey, account }: RpcRequest<typeof bookingRpc.createTripV4>) {
    return this.createTrip.execute({ request: booking, idempotencyKey, account });
  }

  @OnRpc(bookingRpc.createTripV3)
  tripV3({ booking, idempotencyKey }: RpcRequest<typeof bookingRpc.createTripV3>) {
    return this.createTrip.execute({ request: booking, idempotencyKey });
  }

  @OnRpc(bookingRpc.createTripV2)
  tripV2({ booking, idempotencyKey }: RpcRequest<typeof bookingRpc.createTripV2>) {
    return this.createTrip.execute({ request: booking, idempotencyKey });
  }

  @OnRpc(bookingRpc.createTripV1)
  tripV1({ booking, idempotencyKey }: RpcRequest<typeof bookingRpc.createTripV1>) {
    return this.createTrip.execute({ request: booking, idempotencyKey });
  }

  @OnRpc(bookingRpc.list)
  list({ cursor, limit, ...filters }: RpcRequest<typeof bookingRpc.list>) {
    return this.bookings.list(cursor, limit, filters);
  }

  @OnRpc(bookingRpc.listPending)
  async listPending({ cursor, limit }: RpcRequest<typeof bookingRpc.listPending>) {
    return this.bookings.listPending(cursor, limit, await this.vehicleNames.byId());
  }

  @OnRpc(bookingRpc.update)
  update({ id, changes, actor }: RpcRequest<typeof bookingRpc.update>) {
    return this.updateBooking.execute({ id, changes, actor });
  }

  @OnRpc(bookingRpc.updateV2)
  updateV2({ id, changes, actor }: RpcRequest<typeof bookingRpc.updateV2>) {
    return this.updateBooking.execute({ id, changes, actor });
  }

  @OnRpc(bookingRpc.updateV1)
  updateV1({ id, changes, actor }: RpcRequest<typeof bookingRpc.updateV1>) {
    return this.updateBooking.execute({ id, changes, actor });
  }

  @OnRpc(bookingRpc.snapshots)
  snapshots({ afterId, limit }: RpcRequest<typeof bookingRpc.snapshots>) {
    return this.bookings.snapshots(afterId, limit);
  }
}
