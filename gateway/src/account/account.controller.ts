import { Body, Controller, Get, Header, HttpCode, Inject, Patch, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  Account,
  ACCOUNT_MESSAGES,
  AccountBookings,
  AccountDetails,
  AccountLoyalty,
  AccountReferrals,
  bookingRpc,
  customersRpc,
  groupAccountBookings,
  SignInCodeAnswer,
  SignInCodeRequest,
  SignInRequest,
  type AccountBooking,
  type EmailBooking,
} from '@limo/contracts';
import { signLink } from '@limo/contracts/common/signed-link';
import { CustomerOnly } from '../auth/customer-only.decorator.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';
import { ServicesClient } from '../messaging/services.client.js';
import { clearCustomerCookie, customerToken, setCustomerCookie } from './customer-cookie.js';
import { SignedInCustomer } from './signed-in-customer.js';
import { SignInThrottle } from './sign-in-throttle.js';

/** A manage link from the account opens for as long as the account page shows the booking: a week. */
const MANAGE_LINK_DAYS = 7;
/**
 * Sending a code waits on the customers service, which waits on notifications and its mail server:
 * the gateway waits longer than they do, so a slow send is not answered 504 while the code still
 * goes out (and a retry would replace the code in that email).
 */
const SIGN_IN_TIMEOUT_MS = 15_000;
/** Account answers (the customer's details, their bookings' manage links) stay out of every cache. */
export const PRIVATE = ['Cache-Control', 'no-store'] as const;

/** The customer's account (/account): sign-in with an emailed code, their details and bookings. */
@Controller('api/account')
export class AccountController {
  constructor(
    private readonly services: ServicesClient,
    private readonly throttle: SignInThrottle,
    private readonly signedIn: SignedInCustomer,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post('code')
  @HttpCode(202)
  @ApiResponse(SignInCodeAnswer, { description: 'The same answer for every email: a code is emailed if it can sign in; 429 when asked too often' })
  async requestCode(@Req() req: FastifyRequest, @Body(new ZodValidationPipe(SignInCodeRequest)) { email }: SignInCodeRequest): Promise<SignInCodeAnswer> {
    await this.throttle.requestCode(req.ip ?? 'unknown', email, () => this.services.call(customersRpc.requestCode, { email }, SIGN_IN_TIMEOUT_MS));
    return { message: ACCOUNT_MESSAGES.codeSent };
  }

  @Post('sign-in')
  @HttpCode(200)
  @Header(...PRIVATE)
  @ApiResponse(Account, { description: "Signed in: the session cookie is set. 401 for a wrong, expired or used-up code; 429 when slowed" })
  async signIn(
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
    @Body(new ZodValidationPipe(SignInRequest)) { email, code }: SignInRequest,
  ): Promise<Account> {
    const session = await this.throttle.signIn(req.ip ?? 'unknown', email, () => this.services.call(customersRpc.signIn, { email, code }, SIGN_IN_TIMEOUT_MS));
    setCustomerCookie(req, res, session.token, session.expiresAt);
    return accountOf(session.customer);
  }

  @Post('sign-out')
  @HttpCode(204)
  @ApiResponse(z.undefined(), { status: 204, description: 'Signed out (whatever the session was)' })
  async signOut(@Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<void> {
    const token = customerToken(req);
    // The cookie goes whatever happens: on a shared computer, signing out must work while the
    // customers service is down (the session then ends by its expiry or the next sign-out).
    clearCustomerCookie(req, res);
    if (token) await this.services.call(customersRpc.endSession, { token }).catch(() => undefined);
  }

  @Get()
  @CustomerOnly()
  @Header(...PRIVATE)
  @ApiResponse(Account, { description: 'The signed-in customer; 401 without a session' })
  async account(@Req() req: FastifyRequest): Promise<Account> {
    return accountOf(await this.customer(req));
  }

  @Patch()
  @CustomerOnly()
  @Header(...PRIVATE)
  @ApiResponse(Account, { description: 'Saves the contact details the booking wizard fills in (name, phone); 401 without a session' })
  async saveDetails(@Req() req: FastifyRequest, @Body(new ZodValidationPipe(AccountDetails)) details: AccountDetails): Promise<Account> {
    const { email } = await this.customer(req);
    return accountOf(await this.services.call(customersRpc.updateAccount, { email, ...details }));
  }

  @Get('bookings')
  @CustomerOnly()
  @Header(...PRIVATE)
  @ApiResponse(AccountBookings, { description: 'Every booking made with the signed-in email: upcoming, past and cancelled; 401 without a session' })
  async bookings(@Req() req: FastifyRequest): Promise<AccountBookings> {
    const { email } = await this.customer(req);
    const bookings = await this.services.call(bookingRpc.emailBookings, { email });
    const groups = groupAccountBookings(bookings.map((b) => this.withManageLink(b)), new Date());
    return groups;
  }

  @Get('loyalty')
  @CustomerOnly()
  @ApiResponse(AccountLoyalty, { description: "Next One's on Us: the signed-in email's completed airport rides, the punch card, the rewards and VIP; 401 without a session" })
  async loyalty(@Req() req: FastifyRequest): Promise<AccountLoyalty> {
    const { email } = await this.customer(req);
    return this.services.call(customersRpc.loyalty, { email });
  }

  @Get('referrals')
  @CustomerOnly()
  @Header(...PRIVATE)
  @ApiResponse(AccountReferrals, { description: "Refer & Fly: the signed-in customer's link, successful referrals, tier, and credit with its ledger; 401 without a session" })
  async referrals(@Req() req: FastifyRequest): Promise<AccountReferrals> {
    const { email } = await this.customer(req);
    return this.services.call(customersRpc.referrals, { email });
  }

  private customer(req: FastifyRequest) {
    return this.signedIn.of(req);
  }

  /** The booking's manage page, by a signed link like the one in its emails. */
  private withManageLink(booking: EmailBooking): AccountBooking {
    const expiresAt = Math.floor(Date.now() / 1000) + MANAGE_LINK_DAYS * 86_400;
    return { ...booking, manageLink: `/booking/manage?t=${signLink({ purpose: 'manage', bookingId: booking.id, expiresAt }, this.config.LINK_SIGNING_SECRET)}` };
  }
}

const accountOf = ({ email, name, phone, createdAt }: Account): Account => ({ email, name, phone, createdAt });
