import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { adminRpc, DailyRevenueQuery, MonthlyRevenueQuery } from '@limo/contracts';
import { AdminOnly } from '../auth/admin-only.decorator.js';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { sendEncoded } from '../http/encoded-body.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';
import { ReportingAnswers } from './reporting-answers.js';

/** Admin answers: a browser may keep them but must ask again (an ETag makes that a 304). */
export const ADMIN_CACHE_CONTROL = 'private, no-cache';

/**
 * The dashboard's figures, served by reporting from its projections; kept encoded between
 * changes by ReportingAnswers.
 */
@AdminOnly()
@Controller('api/admin')
export class AdminDashboardController {
  constructor(private readonly reporting: ReportingAnswers) {}

  @Get('stats')
  @ApiResponse(adminRpc.stats.response)
  async stats(@Req() req: Request, @Res() res: Response): Promise<void> {
    sendEncoded(req, res, await this.reporting.encoded(adminRpc.stats, {}), ADMIN_CACHE_CONTROL);
  }

  @Get('notifications')
  @ApiResponse(adminRpc.notifications.response)
  async notifications(@Req() req: Request, @Res() res: Response): Promise<void> {
    sendEncoded(req, res, await this.reporting.encoded(adminRpc.notifications, {}), ADMIN_CACHE_CONTROL);
  }

  @Get('revenue/daily')
  @ApiResponse(adminRpc.dailyRevenue.response)
  async daily(@Query(new ZodValidationPipe(DailyRevenueQuery)) query: DailyRevenueQuery, @Req() req: Request, @Res() res: Response): Promise<void> {
    sendEncoded(req, res, await this.reporting.encoded(adminRpc.dailyRevenue, query), ADMIN_CACHE_CONTROL);
  }

  @Get('revenue/monthly')
  @ApiResponse(adminRpc.monthlyRevenue.response)
  async monthly(@Query(new ZodValidationPipe(MonthlyRevenueQuery)) query: MonthlyRevenueQuery, @Req() req: Request, @Res() res: Response): Promise<void> {
    sendEncoded(req, res, await this.reporting.encoded(adminRpc.monthlyRevenue, query), ADMIN_CACHE_CONTROL);
  }

  @Get('revenue/summary')
  @ApiResponse(adminRpc.revenueSummary.response)
  async summary(@Req() req: Request, @Res() res: Response): Promise<void> {
    sendEncoded(req, res, await this.reporting.encoded(adminRpc.revenueSummary, {}), ADMIN_CACHE_CONTROL);
  }
}
