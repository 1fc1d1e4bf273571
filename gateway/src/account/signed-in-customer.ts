import { Injectable, UnauthorizedException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES, customersRpc } from '@limo/contracts';
import { ServicesClient } from '../messaging/services.client.js';
import { customerToken } from './customer-cookie.js';

/** The customer of the request's session cookie, or a 401: what every account route starts with. */
@Injectable()
export class SignedInCustomer {
  constructor(private readonly services: ServicesClient) {}

  async of(req: FastifyRequest) {
    const token = customerToken(req);
    const customer = token ? await this.services.call(customersRpc.session, { token }) : null;
    if (!customer) throw new UnauthorizedException({ statusCode: 401, message: ACCOUNT_MESSAGES.signInRequired });
    return customer;
  }
}
