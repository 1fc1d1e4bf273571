import { Controller } from '@nestjs/common';
import { bookingRpc } from '@limo/contracts';
import { OnRpc, type RpcRequest } from '@limo/messaging';
import { AddressSuggestions } from './address-suggestions.js';

@Controller()
export class AddressesHandlers {
  constructor(private readonly suggestions: AddressSuggestions) {}

  @OnRpc(bookingRpc.suggestAddresses)
  suggest({ q }: RpcRequest<typeof bookingRpc.suggestAddresses>) {
    return this.suggestions.suggest(q);
  }
}
