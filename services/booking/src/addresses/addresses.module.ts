import { Module } from '@nestjs/common';
import { AddressesHandlers } from './addresses.handlers.js';
import { AddressSuggestions } from './address-suggestions.js';
import { Gazetteer } from './gazetteer.js';
import { SOCAL_PLACES } from './socal-places.js';

@Module({
  controllers: [AddressesHandlers],
  providers: [AddressSuggestions, { provide: Gazetteer, useFactory: () => new Gazetteer(SOCAL_PLACES) }],
})
export class AddressesModule {}
