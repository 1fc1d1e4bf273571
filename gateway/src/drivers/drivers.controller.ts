import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { DriverSessionStore } from '../driver-auth/driver-session.store.js';
import { driversRpc, DriverUpdate, PasswordResetResult, type Driver, type DriverLocation } from '@limo/contracts';
import { AdminOnly } from '../auth/admin-only.decorator.js';
import { IdParam } from '../http/id-param.js';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';
import { ServicesClient } from '../messaging/services.client.js';

/** The admin's driver list and locations (spec section 7 paths). */
@AdminOnly()
@Controller('api/drivers')
export class DriversController {
  constructor(private readonly services: ServicesClient) {}

  @Get()
  @ApiResponse(driversRpc.list.response)
  list(): Promise<Driver[]> {
    return this.services.call(driversRpc.list, {});
  }

  @Get('locations')
  @ApiResponse(driversRpc.locations.response)
  locations(): Promise<DriverLocation[]> {
    return this.services.call(driversRpc.locations, {});
  }
}

/** Manage Drivers: Edit (details, approval) and Toggle Duty. */
@AdminOnly()
@Controller('api/admin/drivers')
export class AdminDriversController {
  constructor(
    private readonly services: ServicesClient,
    private readonly sessions: DriverSessionStore,
  ) {}

  @Get(':id')
  @ApiResponse(driversRpc.get.response)
  get(@Param('id', new ZodValidationPipe(IdParam)) id: number): Promise<Driver> {
    return this.services.call(driversRpc.get, { id });
  }

  @Patch(':id')
  @ApiResponse(driversRpc.update.response)
  async update(
    @Param('id', new ZodValidationPipe(IdParam)) id: number,
    @Body(new ZodValidationPipe(DriverUpdate)) changes: DriverUpdate,
  ): Promise<Driver> {
    // A deactivated driver is signed out everywhere at once: before the change as well as after
    // it, so that Redis being down fails the request before anything is changed (a 503, nothing
    // written) rather than after a committed deactivation that left its sessions alive.
    if (changes.isActive === false) await this.sessions.revokeAll(id);
    const driver = await this.services.call(driversRpc.update, { id, changes });
    if (!driver.isActive) await this.sessions.revokeAll(id);
    return driver;
  }

  /**
   * A new temporary password, shown once; every session of the driver ends, first before the
   * reset (see update), then after it for a sign-in with the old password in between.
   */
  @Post(':id/reset-password')
  @HttpCode(200)
  @ApiResponse(PasswordResetResult)
  async resetPassword(@Param('id', new ZodValidationPipe(IdParam)) id: number): Promise<PasswordResetResult> {
    await this.sessions.revokeAll(id);
    const result = await this.services.call(driversRpc.resetPassword, { id });
    await this.sessions.revokeAll(id);
    return result;
  }

  @Post(':id/toggle-duty')
  @HttpCode(200)
  @ApiResponse(driversRpc.toggleDuty.response)
  toggleDuty(@Param('id', new ZodValidationPipe(IdParam)) id: number): Promise<Driver> {
    return this.services.call(driversRpc.toggleDuty, { id });
  }
}
