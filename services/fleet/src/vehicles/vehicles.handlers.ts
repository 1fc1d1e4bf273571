import { Controller } from '@nestjs/common';
import { fleetRpc } from '@limo/contracts';
import { OnRpc, type RpcRequest } from '@limo/messaging';
import { VehicleCatalog } from './vehicle-catalog.js';
import { VehiclesRepository } from './vehicles.repository.js';

@Controller()
export class VehiclesHandlers {
  constructor(
    private readonly vehicles: VehiclesRepository,
    private readonly catalog: VehicleCatalog,
  ) {}

  @OnRpc(fleetRpc.listVehicles)
  list() {
    return this.vehicles.list();
  }

  @OnRpc(fleetRpc.createVehicle)
  create(input: RpcRequest<typeof fleetRpc.createVehicle>) {
    return this.catalog.add(input);
  }

  @OnRpc(fleetRpc.updateVehicle)
  update({ id, changes }: RpcRequest<typeof fleetRpc.updateVehicle>) {
    return this.catalog.edit(id, changes);
  }

  @OnRpc(fleetRpc.createVehicleV1)
  createV1(input: RpcRequest<typeof fleetRpc.createVehicleV1>) {
    return this.catalog.add(input);
  }

  @OnRpc(fleetRpc.updateVehicleV1)
  updateV1({ id, changes }: RpcRequest<typeof fleetRpc.updateVehicleV1>) {
    return this.catalog.edit(id, changes);
  }
}
