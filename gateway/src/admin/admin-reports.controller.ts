import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { adminRpc, ReportName } from '@limo/contracts';
import { AdminOnly } from '../auth/admin-only.decorator.js';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';
import { ServicesClient } from '../messaging/services.client.js';
import { figuresUnavailable, ReportingAnswers } from './reporting-answers.js';

const ReportFile = z
  .string()
  .regex(/^[a-z-]+\.csv$/, `report must be one of ${ReportName.options.map((n) => `${n}.csv`).join(', ')}`)
  .transform((file) => file.slice(0, -'.csv'.length))
  .pipe(z.enum(ReportName.options, { error: `report must be one of ${ReportName.options.map((n) => `${n}.csv`).join(', ')}` }));

/** The Reports page and its Download Report buttons (CSV files). */
@AdminOnly()
@Controller('api/admin/reports')
export class AdminReportsController {
  constructor(
    private readonly services: ServicesClient,
    private readonly reporting: ReportingAnswers,
  ) {}

  @Get()
  @ApiResponse(adminRpc.reports.response)
  reports(@Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    return this.reporting.send(req, res, adminRpc.reports, {});
  }

  @Get(':file')
  @ApiResponse(z.string(), { contentType: 'text/csv', description: 'The report as a CSV download (Content-Disposition: attachment)' })
  async download(@Param('file', new ZodValidationPipe(ReportFile)) report: ReportName, @Res() res: FastifyReply): Promise<void> {
    const { filename, content } = await this.services.call(adminRpc.reportCsv, { report }).catch(figuresUnavailable);
    res.header('Content-Type', 'text/csv; charset=utf-8');
    res.header('Content-Disposition', `attachment; filename="${filename}"`);
    res.header('Cache-Control', 'no-store');
    res.send(content);
  }
}
