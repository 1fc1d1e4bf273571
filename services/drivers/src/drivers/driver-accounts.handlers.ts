import { Controller } from '@nestjs/common';
import { driversRpc } from '@limo/contracts';
import { notFound, OnRpc, type RpcRequest } from '@limo/messaging';
import { AuthenticateDriver } from './authenticate-driver/authenticate-driver.use-case.js';
import { ChangePassword } from './change-password/change-password.use-case.js';
import { toDriver } from './driver.mapper.js';
import { DriversRepository } from './drivers.repository.js';
import { RecordLocation } from './record-location/record-location.use-case.js';
import { ResetPassword } from './reset-password/reset-password.use-case.js';

/** Sign-in, passwords and location: the driver portal's calls that change or check the driver. */
@Controller()
export class DriverAccountsHandlers {
  constructor(
    private readonly drivers: DriversRepository,
    private readonly authenticateDriver: AuthenticateDriver,
    private readonly changePassword: ChangePassword,
    private readonly resetPassword: ResetPassword,
    private readonly recordLocation: RecordLocation,
  ) {}

  @OnRpc(driversRpc.authenticate)
  authenticate(request: RpcRequest<typeof driversRpc.authenticate>) {
    return this.authenticateDriver.execute(request);
  }

  @OnRpc(driversRpc.session)
  async session({ driverId }: RpcRequest<typeof driversRpc.session>) {
    const row = await this.drivers.find(driverId);
    if (!row) throw notFound(`Driver ${driverId} not found`);
    return { driver: toDriver(row), mustChangePassword: row.mustChangePassword };
  }

  @OnRpc(driversRpc.changePassword)
  change(request: RpcRequest<typeof driversRpc.changePassword>) {
    return this.changePassword.execute(request);
  }

  @OnRpc(driversRpc.resetPassword)
  reset({ id }: RpcRequest<typeof driversRpc.resetPassword>) {
    return this.resetPassword.execute({ driverId: id });
  }

  @OnRpc(driversRpc.recordLocation)
  location(request: RpcRequest<typeof driversRpc.recordLocation>) {
    return this.recordLocation.execute(request);
  }
}
