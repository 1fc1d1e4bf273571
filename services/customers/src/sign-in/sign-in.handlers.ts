import { Controller } from '@nestjs/common';
import { customersRpc } from '@limo/contracts';
import { OnRpc, type RpcRequest } from '@limo/messaging';
import { RequestCode } from './request-code.use-case.js';
import { SignIn } from './sign-in.use-case.js';

@Controller()
export class SignInHandlers {
  constructor(
    private readonly requestCode: RequestCode,
    private readonly signIn: SignIn,
  ) {}

  @OnRpc(customersRpc.requestCode)
  async code({ email }: RpcRequest<typeof customersRpc.requestCode>) {
    await this.requestCode.execute(email);
    return {};
  }

  @OnRpc(customersRpc.signIn)
  verify({ email, code }: RpcRequest<typeof customersRpc.signIn>) {
    return this.signIn.execute(email, code);
  }
}
