import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { bookingRpc, type AddressSuggestion } from '@limo/contracts';
import { AddressSuggestions } from './address-suggestions.js';

@Controller()
export class AddressesHandlers {
  constructor(private readonly suggestions: AddressSuggestions) {}

  @MessagePattern(bookingRpc.suggestAddresses.subject)
  suggest({ q }: { q: string }): Promise<AddressSuggestion[]> {
    return this.suggestions.suggest(q);
  }
}
