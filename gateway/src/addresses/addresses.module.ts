import { Module } from '@nestjs/common';
import { AddressAutocompleteController } from './address-autocomplete.controller.js';

/** Address suggestions for the booking form. */
@Module({
  controllers: [AddressAutocompleteController],
})
export class AddressesModule {}
