import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { DriverLoginService } from '../driver-auth/driver-login.service.js';
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
    private readonly login: DriverLoginService,
  ) {}

  @Get(':id')
  @ApiResponse(driversRpc.get.response)
  get(@Param('id', new ZodValidationPipe(IdParam)) id: number): Promise<Driver> {
    return this.services.call(driversRpc.get, { id });
  }

  /** The car's plate and colour too (libs/contracts drivers/car.ts); the photo has its own routes (driver-photo.controller.ts). */
  @Patch(':id')
  @ApiResponse(driversRpc.update.response)
  async update(
    @Param('id', new ZodValidationPipe(IdParam)) id: number,
    @Body(new ZodValidationPipe(DriverUpdate)) changes: DriverUpdate,
  ): Promise<Driver> {
    // A deactivated driver is signed out everywhere at once: before the change as well as after
    // it, so that Redis being down fails the request before anything is changed (a 503, nothing
    // written) rather than after a committed deactivation that left its sessions alive.
    if (changes.isActive === false) await this.signOutEverywhere(id);
    const driver = await this.services.call(driversRpc.update, { id, changes });
    if (!driver.isActive) await this.signOutEverywhere(id);
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
    await this.signOutEverywhere(id);
    const result = await this.services.call(driversRpc.resetPassword, { id });
    await this.signOutEverywhere(id);
    return result;
  }

  /** Every session ends, and no browser is a known device for the driver any more. */
  private async signOutEverywhere(id: number): Promise<void> {
    await this.sessions.revokeAll(id);
    await this.login.forgetDevices(id);
  }

  @Post(':id/toggle-duty')
  @HttpCode(200)
  @ApiResponse(driversRpc.toggleDuty.response)
  toggleDuty(@Param('id', new ZodValidationPipe(IdParam)) id: number): Promise<Driver> {
    return this.services.call(driversRpc.toggleDuty, { id });
  }
}
