import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { adminRpc, DailyRevenueQuery, MonthlyRevenueQuery } from '@limo/contracts';
import { AdminOnly } from '../auth/admin-only.decorator.js';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';
import { ReportingAnswers } from './reporting-answers.js';

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
  stats(@Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    return this.reporting.send(req, res, adminRpc.stats, {});
  }

  @Get('notifications')
  @ApiResponse(adminRpc.notifications.response)
  notifications(@Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    return this.reporting.send(req, res, adminRpc.notifications, {});
  }

  @Get('revenue/daily')
  @ApiResponse(adminRpc.dailyRevenue.response)
  daily(@Query(new ZodValidationPipe(DailyRevenueQuery)) query: DailyRevenueQuery, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    return this.reporting.send(req, res, adminRpc.dailyRevenue, query);
  }

  @Get('revenue/monthly')
  @ApiResponse(adminRpc.monthlyRevenue.response)
  monthly(@Query(new ZodValidationPipe(MonthlyRevenueQuery)) query: MonthlyRevenueQuery, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    return this.reporting.send(req, res, adminRpc.monthlyRevenue, query);
  }

  @Get('revenue/summary')
  @ApiResponse(adminRpc.revenueSummary.response)
  summary(@Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    return this.reporting.send(req, res, adminRpc.revenueSummary, {});
  }
}
