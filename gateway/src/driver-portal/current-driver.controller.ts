import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { z } from 'zod';
import {
  bookingRpc,
  CurrentShift,
  Driver,
  DriverMonthlyRevenueQuery,
  DriverRevenueReport,
  DriverRide,
  driversRpc,
  DriverSession,
  DriverWeeklyRevenueQuery,
  ENDED_OFFER_HOURS,
  EndedOffer,
  LocationUpdate,
  PasswordChange,
} from '@limo/contracts';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { BeforePasswordChange, CurrentDriver, DriverOnly, type SignedInDriver } from '../driver-auth/driver-only.decorator.js';
import { DriverSessionStore } from '../driver-auth/driver-session.store.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';
import { ServicesClient } from '../messaging/services.client.js';

/** The signed-in driver's own calls (spec section 7's driver dashboard and revenue calls). */
@DriverOnly()
@Controller('api/drivers/current')
export class CurrentDriverController {
  constructor(
    private readonly services: ServicesClient,
    private readonly sessions: DriverSessionStore,
  ) {}

  @Get()
  @BeforePasswordChange()
  @ApiResponse(DriverSession)
  current(@CurrentDriver() me: SignedInDriver): Promise<DriverSession> {
    return this.services.call(driversRpc.session, { driverId: me.driverId });
  }

  @Post('password')
  @HttpCode(200)
  @BeforePasswordChange()
  @ApiResponse(DriverSession, { description: 'Changed: other sessions of the driver are ended' })
  async changePassword(@CurrentDriver() me: SignedInDriver, @Body(new ZodValidationPipe(PasswordChange)) body: PasswordChange): Promise<DriverSession> {
    const session = await this.services.call(driversRpc.changePassword, {
      driverId: me.driverId,
      currentPassword: body.currentPassword,
      newPassword: body.newPassword,
    });
    await this.sessions.passwordChanged(me.token, me.driverId);
    return session;
  }

  @Get('shift')
  @ApiResponse(CurrentShift)
  shift(@CurrentDriver() me: SignedInDriver): Promise<CurrentShift> {
    return this.services.call(driversRpc.currentShift, { driverId: me.driverId });
  }

  @Post('toggle-duty')
  @HttpCode(200)
  @ApiResponse(Driver)
  toggleDuty(@CurrentDriver() me: SignedInDriver): Promise<Driver> {
    return this.services.call(driversRpc.toggleDuty, { id: me.driverId });
  }

  @Post('location')
  @HttpCode(200)
  @ApiResponse(Driver)
  location(@CurrentDriver() me: SignedInDriver, @Body(new ZodValidationPipe(LocationUpdate)) position: LocationUpdate): Promise<Driver> {
    return this.services.call(driversRpc.recordLocation, { driverId: me.driverId, ...position });
  }

  @Get('bookings')
  @ApiResponse(z.array(DriverRide))
  bookings(@CurrentDriver() me: SignedInDriver): Promise<DriverRide[]> {
    return this.services.call(bookingRpc.driverRides, { driverId: me.driverId });
  }

  @Get('ended-offers')
  @ApiResponse(z.array(EndedOffer), { description: `Offers that expired or were withdrawn before the driver answered, in the last ${ENDED_OFFER_HOURS} hours, newest first` })
  endedOffers(@CurrentDriver() me: SignedInDriver): Promise<EndedOffer[]> {
    return this.services.call(bookingRpc.endedOffers, { driverId: me.driverId });
  }

  @Get('revenue/monthly')
  @ApiResponse(DriverRevenueReport)
  monthly(@CurrentDriver() me: SignedInDriver, @Query(new ZodValidationPipe(DriverMonthlyRevenueQuery)) query: DriverMonthlyRevenueQuery): Promise<DriverRevenueReport> {
    return this.services.call(driversRpc.revenue, { driverId: me.driverId, kind: 'month', ...query });
  }

  @Get('revenue/weekly')
  @ApiResponse(DriverRevenueReport)
  weekly(@CurrentDriver() me: SignedInDriver, @Query(new ZodValidationPipe(DriverWeeklyRevenueQuery)) query: DriverWeeklyRevenueQuery): Promise<DriverRevenueReport> {
    return this.services.call(driversRpc.revenue, { driverId: me.driverId, kind: 'week', ...query });
  }
}
