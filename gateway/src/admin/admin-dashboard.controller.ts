import { Controller, Get, Query } from '@nestjs/common';
import {
  adminRpc,
  DailyRevenueQuery,
  MonthlyRevenueQuery,
  type AdminNotifications,
  type AdminStats,
  type DailyRevenue,
  type MonthlyRevenue,
  type RevenueSummary,
} from '@limo/contracts';
import { AdminOnly } from '../auth/admin-only.decorator.js';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';
import { ServicesClient } from '../messaging/services.client.js';

/** The dashboard's figures, served by reporting from its projections. */
@AdminOnly()
@Controller('api/admin')
export class AdminDashboardController {
  constructor(private readonly services: ServicesClient) {}

  @Get('stats')
  @ApiResponse(adminRpc.stats.response)
  stats(): Promise<AdminStats> {
    return this.services.call(adminRpc.stats, {});
  }

  @Get('notifications')
  @ApiResponse(adminRpc.notifications.response)
  notifications(): Promise<AdminNotifications> {
    return this.services.call(adminRpc.notifications, {});
  }

  @Get('revenue/daily')
  @ApiResponse(adminRpc.dailyRevenue.response)
  daily(@Query(new ZodValidationPipe(DailyRevenueQuery)) query: DailyRevenueQuery): Promise<DailyRevenue[]> {
    return this.services.call(adminRpc.dailyRevenue, query);
  }

  @Get('revenue/monthly')
  @ApiResponse(adminRpc.monthlyRevenue.response)
  monthly(@Query(new ZodValidationPipe(MonthlyRevenueQuery)) query: MonthlyRevenueQuery): Promise<MonthlyRevenue[]> {
    return this.services.call(adminRpc.monthlyRevenue, query);
  }

  @Get('revenue/summary')
  @ApiResponse(adminRpc.revenueSummary.response)
  summary(): Promise<RevenueSummary> {
    return this.services.call(adminRpc.revenueSummary, {});
  }
}
