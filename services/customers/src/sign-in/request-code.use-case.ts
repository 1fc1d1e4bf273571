import { Injectable } from '@nestjs/common';
import { notificationsRpc, SIGN_IN_CODE } from '@limo/contracts';
import { RpcClient } from '@limo/messaging';
import { codeExpiry, hashCode, newCode } from './sign-in-code.js';
import { SignInCodesRepository } from './sign-in-codes.repository.js';

/**
 * A new sign-in code for an email, whoever asks: any email may sign in (its account is made on
 * the first sign-in), so the answer never says whether it has bookings. The code is stored
 * hashed, then handed to the notifications service to email; it is never logged. A code that
 * cannot be sent does not replace the one before it.
 */
@Injectable()
export class RequestCode {
  constructor(
    private readonly codes: SignInCodesRepository,
    private readonly rpc: RpcClient,
  ) {}

  async execute(email: string, now = new Date()): Promise<void> {
    const code = newCode();
    const hashed = await hashCode(code);
    const previous = await this.codes.find(email);
    await this.codes.replace(email, hashed, codeExpiry(now));
    try {
      await this.rpc.request(notificationsRpc.sendSignInCode, { email, code, validMinutes: SIGN_IN_CODE.validMinutes });
    } catch (error) {
      // Not sent: the code already in the customer's inbox keeps working (the 503 says ask again).
      // A send that timed out yet arrives is then a dead code; the customer asks again.
      await this.codes.putBack(email, hashed, previous).catch(() => undefined);
      throw error;
    }
  }
}
