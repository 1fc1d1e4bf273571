import { Injectable } from '@nestjs/common';
import { notificationsRpc, SIGN_IN_CODE } from '@limo/contracts';
import { RpcClient } from '@limo/messaging';
import { codeExpiry, hashCode, newCode } from './sign-in-code.js';
import { SignInCodesRepository } from './sign-in-codes.repository.js';

/**
 * A new sign-in code for an email, whoever asks: any email may sign in (its account is made on
 * the first sign-in), so the answer never says whether it has bookings. The code is stored
 * hashed, then handed to the notifications service to email; it is never logged.
 */
@Injectable()
export class RequestCode {
  constructor(
    private readonly codes: SignInCodesRepository,
    private readonly rpc: RpcClient,
  ) {}

  async execute(email: string, now = new Date()): Promise<void> {
    const code = newCode();
    await this.codes.replace(email, await hashCode(code), codeExpiry(now));
    await this.rpc.request(notificationsRpc.sendSignInCode, { email, code, validMinutes: SIGN_IN_CODE.validMinutes });
  }
}
