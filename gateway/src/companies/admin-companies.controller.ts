import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AccountEmail,
  BillingMonth,
  BookerInput,
  companiesRpc,
  Company,
  CompanyMonth,
  CompanySummary,
  CreateCompany,
  PlanChange,
  StatementSummary,
  UpdateCompany,
} from '@limo/contracts';
import { adminActor } from '../auth/admin-actor.js';
import { AdminOnly } from '../auth/admin-only.decorator.js';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { IdParam } from '../http/id-param.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';
import { ServicesClient } from '../messaging/services.client.js';
import { sendStatement, StatementFileParam } from './statement-file.js';

/** The admin's Companies page (issue 37): companies, their bookers and plan, a month's transfers and rides, the statements. */
@AdminOnly()
@Controller('api/admin/companies')
export class AdminCompaniesController {
  constructor(private readonly services: ServicesClient) {}

  @Get()
  @ApiResponse(z.array(CompanySummary), { description: "The companies by name, with this month's tier, transfers left and number of bookers" })
  list(): Promise<CompanySummary[]> {
    return this.services.call(companiesRpc.list, {});
  }

  @Post()
  @ApiResponse(Company, { status: 201, description: 'The company made on its plan from its start month; 400 for a start month already past' })
  create(@Body(new ZodValidationPipe(CreateCompany)) company: CreateCompany, @Req() req: FastifyRequest): Promise<Company> {
    return this.services.call(companiesRpc.create, { ...company, actor: adminActor(req) });
  }

  @Get(':id')
  @ApiResponse(Company, { description: 'One company with its plan periods and bookers; 404 for an unknown id' })
  company(@Param('id', new ZodValidationPipe(IdParam)) companyId: number): Promise<Company> {
    return this.services.call(companiesRpc.get, { companyId });
  }

  @Patch(':id')
  @ApiResponse(Company, { description: "The company's details changed (name, billing contact, billing email)" })
  update(@Param('id', new ZodValidationPipe(IdParam)) companyId: number, @Body(new ZodValidationPipe(UpdateCompany)) details: UpdateCompany): Promise<Company> {
    return this.services.call(companiesRpc.update, { ...details, companyId });
  }

  @Post(':id/bookers')
  @HttpCode(200)
  @ApiResponse(Company, { description: "A booker added, or their role changed; 409 when the email books for another company" })
  putBooker(@Param('id', new ZodValidationPipe(IdParam)) companyId: number, @Body(new ZodValidationPipe(BookerInput)) booker: BookerInput): Promise<Company> {
    return this.services.call(companiesRpc.putBooker, { ...booker, companyId });
  }

  @Delete(':id/bookers/:email')
  @ApiResponse(Company, { description: 'The booker removed (whether or not they were one); their rides stay the company\'s' })
  removeBooker(@Param('id', new ZodValidationPipe(IdParam)) companyId: number, @Param('email', new ZodValidationPipe(AccountEmail)) email: string): Promise<Company> {
    return this.services.call(companiesRpc.removeBooker, { companyId, email });
  }

  @Post(':id/plan')
  @HttpCode(200)
  @ApiResponse(Company, {
    description: 'Another tier or the end of the plan, from the first month starting 30 days or more from today; 409 inside the 6-month minimum term, for the same tier, a plan already cancelled, or while rides already booked in a month from then on hold more transfers than the new plan includes',
  })
  changePlan(@Param('id', new ZodValidationPipe(IdParam)) companyId: number, @Body(new ZodValidationPipe(PlanChange)) change: PlanChange, @Req() req: FastifyRequest): Promise<Company> {
    return this.services.call(companiesRpc.changePlan, { companyId, change, actor: adminActor(req) });
  }

  @Get(':id/months/:month')
  @ApiResponse(CompanyMonth, { description: "A company's month (YYYY-MM, Los Angeles time): transfers used, left and expired, every ride, extras and the total due" })
  month(@Param('id', new ZodValidationPipe(IdParam)) companyId: number, @Param('month', new ZodValidationPipe(BillingMonth)) month: string): Promise<CompanyMonth> {
    return this.services.call(companiesRpc.month, { companyId, month });
  }

  @Get(':id/statements')
  @ApiResponse(z.array(StatementSummary), { description: "The company's statements made so far, newest first" })
  statements(@Param('id', new ZodValidationPipe(IdParam)) companyId: number): Promise<StatementSummary[]> {
    return this.services.call(companiesRpc.statements, { companyId });
  }

  @Get(':id/statements/:file')
  @ApiResponse(z.string(), {
    contentType: 'application/pdf',
    description: "A month's statement as `YYYY-MM.pdf` or `YYYY-MM.csv` (text/csv), a download (Content-Disposition: attachment); 409 for a month not ended or whose rides are not all settled yet (made by the 8th of the next month at the latest), 404 for a month with neither plan nor rides",
  })
  statement(
    @Param('id', new ZodValidationPipe(IdParam)) companyId: number,
    @Param('file', new ZodValidationPipe(StatementFileParam)) file: StatementFileParam,
    @Res() res: FastifyReply,
  ): Promise<void> {
    return sendStatement(this.services, res, companyId, file);
  }
}
