import { Controller } from '@nestjs/common';
import { driversRpc } from '@limo/contracts';
import { notFound, OnRpc, type RpcRequest } from '@limo/messaging';
import { toDriver } from './driver.mapper.js';
import { DriversRepository } from './drivers.repository.js';
import { RegisterDriver } from './register-driver/register-driver.use-case.js';
import { RegistrationsPaused } from './register-driver/registrations-paused.use-case.js';
import { ToggleDuty } from './toggle-duty/toggle-duty.use-case.js';
import { UpdateDriver } from './update-driver/update-driver.use-case.js';
import { DriverPhotos } from './driver-photo/driver-photo.use-case.js';

@Controller()
export class DriversHandlers {
  constructor(
    private readonly drivers: DriversRepository,
    private readonly registerDriver: RegisterDriver,
    private readonly registrationsPaused: RegistrationsPaused,
    private readonly updateDriver: UpdateDriver,
    private readonly toggleDuty: ToggleDuty,
    private readonly photos: DriverPhotos,
  ) {}

  @OnRpc(driversRpc.list)
  list() {
    return this.drivers.list();
  }

  @OnRpc(driversRpc.locations)
  locations() {
    return this.drivers.locations();
  }

  @OnRpc(driversRpc.roster)
  roster() {
    return this.drivers.roster();
  }

  @OnRpc(driversRpc.get)
  async get({ id }: RpcRequest<typeof driversRpc.get>) {
    const row = await this.drivers.find(id);
    if (!row) throw notFound(`Driver ${id} not found`);
    return toDriver(row);
  }

  @OnRpc(driversRpc.register)
  register({ registration, registeredBy }: RpcRequest<typeof driversRpc.register>) {
    return this.registerDriver.execute({ registration, registeredBy });
  }

  @OnRpc(driversRpc.registrationsPaused)
  paused(pause: RpcRequest<typeof driversRpc.registrationsPaused>) {
    return this.registrationsPaused.execute(pause);
  }

  @OnRpc(driversRpc.update)
  update({ id, changes }: RpcRequest<typeof driversRpc.update>) {
    return this.updateDriver.execute({ id, changes });
  }

  /** The previous release's gateway: the same Edit, without the car. */
  @OnRpc(driversRpc.updateV1)
  updateV1({ id, changes }: RpcRequest<typeof driversRpc.updateV1>) {
    return this.updateDriver.execute({ id, changes });
  }

  @OnRpc(driversRpc.setPhoto)
  setPhoto({ id, jpeg }: RpcRequest<typeof driversRpc.setPhoto>) {
    return this.photos.set(id, jpeg);
  }

  @OnRpc(driversRpc.removePhoto)
  removePhoto({ id }: RpcRequest<typeof driversRpc.removePhoto>) {
    return this.photos.remove(id);
  }

  @OnRpc(driversRpc.photo)
  photo({ id }: RpcRequest<typeof driversRpc.photo>) {
    return this.photos.photo(id);
  }

  @OnRpc(driversRpc.toggleDuty)
  toggle({ id }: RpcRequest<typeof driversRpc.toggleDuty>) {
    return this.toggleDuty.execute({ driverId: id });
  }

  @OnRpc(driversRpc.snapshots)
  snapshots({ afterId, limit }: RpcRequest<typeof driversRpc.snapshots>) {
    return this.drivers.snapshots(afterId, limit);
  }
}
