import { Controller, ForbiddenException, Get, Header, Inject, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AccountCompanyMonth, BillingMonth, BookerCompany, COMPANY_MESSAGES, companiesRpc, StatementSummary, type CompanyRide } from '@limo/contracts';
import { signLink } from '@limo/contracts/common/signed-link';
import { SignedInCustomer } from '../account/signed-in-customer.js';
import { CustomerOnly } from '../auth/customer-only.decorator.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';
import { ServicesClient } from '../messaging/services.client.js';
import { sendStatement, StatementFileParam } from './statement-file.js';

/** As the "on the way" message's link: the token outlives the page; the tracking page opens only inside the ride's window. */
const TRACK_LINK_DAYS = 2;

/** Rides still ahead or under way: a completed ride has nothing to follow. */
const FOLLOWABLE = new Set(['pending', 'confirmed', 'in-progress']);

const notBooker = () => new ForbiddenException({ statusCode: 403, message: COMPANY_MESSAGES.notBooker });

/**
 * The signed-in customer's company (issue 37): a booker sees the rides they booked; a company admin
 * sees every ride of the company, can follow any of them live, and downloads the statements.
 */
@Controller('api/account/company')
export class AccountCompanyController {
  constructor(
    private readonly services: ServicesClient,
    private readonly signedIn: SignedInCustomer,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** `null` (200) rather than a 404 for a customer who books for no company: most customers do not, and the account page and the wizard ask for every one. */
  @Get()
  @CustomerOnly()
  @Header('Cache-Control', 'no-store')
  @ApiResponse(BookerCompany.nullable(), { description: "The company the signed-in customer books for, their role and this month's transfers; null when they book for none; 401 without a session" })
  async company(@Req() req: FastifyRequest): Promise<BookerCompany | null> {
    const { email } = await this.signedIn.of(req);
    return this.services.call(companiesRpc.bookerCompany, { email });
  }

  @Get('months/:month')
  @CustomerOnly()
  @Header('Cache-Control', 'no-store')
  @ApiResponse(AccountCompanyMonth, {
    description: "A month of the signed-in customer's company (YYYY-MM): a booker's own rides, or every ride with its tracking link for a company admin; 403 for a customer who books for no company",
  })
  async month(@Req() req: FastifyRequest, @Param('month', new ZodValidationPipe(BillingMonth)) month: string): Promise<AccountCompanyMonth> {
    const { email, company } = await this.booker(req);
    const admin = company.role === 'company-admin';
    const answer = await this.services.call(companiesRpc.month, { companyId: company.companyId, month, ...(admin ? {} : { bookedBy: email }) });
    return { ...answer, role: company.role, rides: answer.rides.map((ride) => ({ ...ride, trackLink: admin && FOLLOWABLE.has(ride.status) ? this.trackLink(ride) : null })) };
  }

  @Get('statements')
  @CustomerOnly()
  @Header('Cache-Control', 'no-store')
  @ApiResponse(z.array(StatementSummary), { description: "The company's statements made so far, newest first, for its company admin (403 for a booker or a customer of no company)" })
  async statements(@Req() req: FastifyRequest): Promise<StatementSummary[]> {
    const { company } = await this.booker(req);
    if (company.role !== 'company-admin') throw notBooker();
    return this.services.call(companiesRpc.statements, { companyId: company.companyId });
  }

  @Get('statements/:file')
  @CustomerOnly()
  @ApiResponse(z.string(), {
    contentType: 'application/pdf',
    description: "A month's statement of the company as `YYYY-MM.pdf` or `YYYY-MM.csv`, for its company admin (403 for a booker); 409 for a month not ended or whose rides are not all settled yet (made by the 8th of the next month at the latest)",
  })
  async statement(@Req() req: FastifyRequest, @Param('file', new ZodValidationPipe(StatementFileParam)) file: StatementFileParam, @Res() res: FastifyReply): Promise<void> {
    const { company } = await this.booker(req);
    if (company.role !== 'company-admin') throw notBooker();
    return sendStatement(this.services, res, company.companyId, file);
  }

  private async booker(req: FastifyRequest) {
    const { email } = await this.signedIn.of(req);
    const company = await this.services.call(companiesRpc.bookerCompany, { email });
    if (!company) throw notBooker();
    return { email, company };
  }

  private trackLink(ride: CompanyRide): string {
    const expiresAt = Math.floor(Date.now() / 1000) + TRACK_LINK_DAYS * 86_400;
    return `/track?t=${signLink({ purpose: 'track', bookingId: ride.bookingId, expiresAt }, this.config.LINK_SIGNING_SECRET)}`;
  }
}
