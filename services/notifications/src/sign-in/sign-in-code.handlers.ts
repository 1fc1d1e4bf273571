import { randomUUID } from 'node:crypto';
import { Controller, Inject } from '@nestjs/common';
import { notificationsRpc } from '@limo/contracts';
import { OnRpc, ServiceError, type RpcRequest } from '@limo/messaging';
import { SERVICE_CONFIG } from '@limo/service-runtime';
import { Transports } from '../delivery/transports.js';
import type { NotificationsConfig } from '../notifications.config.js';
import { signInCodeEmail } from './sign-in-code-email.js';

/**
 * Sends a customer's sign-in code at once, outside the outgoing messages table: that table keeps
 * every body it sends, and a code is to be kept nowhere in clear. A failed send is the caller's
 * 503 (the customer asks again), never retried here.
 */
@Controller()
export class SignInCodeHandlers {
  constructor(
    private readonly transports: Transports,
    @Inject(SERVICE_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  @OnRpc(notificationsRpc.sendSignInCode)
  async send({ email, code, validMinutes }: RpcRequest<typeof notificationsRpc.sendSignInCode>) {
    const composed = signInCodeEmail(code, validMinutes, `${this.config.PUBLIC_BASE_URL.replace(/\/$/, '')}/account`);
    try {
      await this.transports.email.send({ id: randomUUID(), from: this.transports.from, to: email, ...composed });
    } catch {
      throw new ServiceError(503, 'The sign-in code could not be emailed just now; please try again');
    }
    return {};
  }
}
