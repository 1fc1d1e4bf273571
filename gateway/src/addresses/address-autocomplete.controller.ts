import { Controller, Get, Query } from '@nestjs/common';
import { ADDRESS_QUERY_MIN_LENGTH, AddressQuery, bookingRpc, type AddressSuggestion } from '@limo/contracts';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';
import { ServicesClient } from '../messaging/services.client.js';

/** `GET /api/address-autocomplete?q=`: place suggestions; under 3 characters, an empty list. */
@Controller('api/address-autocomplete')
export class AddressAutocompleteController {
  constructor(private readonly services: ServicesClient) {}

  @Get()
  @ApiResponse(bookingRpc.suggestAddresses.response)
  async suggest(@Query(new ZodValidationPipe(AddressQuery)) { q }: { q: string }): Promise<AddressSuggestion[]> {
    if (q.trim().length < ADDRESS_QUERY_MIN_LENGTH) return [];
    return this.services.call(bookingRpc.suggestAddresses, { q });
  }
}
