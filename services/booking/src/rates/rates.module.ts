import { Module } from '@nestjs/common';
import { SERVICE_CONFIG } from '@limo/service-runtime';
import type { BookingConfig } from '../booking.config.js';
import { searchNominatim } from '../addresses/nominatim.js';
import { SOCAL_PLACES } from '../addresses/socal-places.js';
import { FleetModule } from '../fleet/fleet.module.js';
import { CustomerBenefits } from '../benefits/customer-benefits.js';
import { CompanyTransfers } from '../benefits/company-transfers.js';
import { PlaceLocator } from './place-locator.js';
import { HourlyRates } from './hourly-rates.js';
import { SettlementTerms } from './settlement-terms.js';
import { QuoteRides } from './quote-rides/quote-rides.use-case.js';
import { RateTableInForce } from './rate-table.js';
import { loadZones, RateZones } from './rate-zones.js';
import { RatesHandlers } from './rates.handlers.js';
import { RatesRepository } from './rates.repository.js';
import { UpdateRates } from './update-rates/update-rates.use-case.js';

const ZONES_FILE = new URL('../../data/rate-zones.json', import.meta.url);

/** The rate table (decisions.md): quotes, the admin's Rates page and the site's price guide. */
@Module({
  imports: [FleetModule],
  controllers: [RatesHandlers],
  providers: [
    { provide: RateZones, useFactory: () => new RateZones(loadZones(ZONES_FILE, SOCAL_PLACES)) },
    {
      provide: PlaceLocator,
      inject: [RateZones, SERVICE_CONFIG],
      useFactory: (zones: RateZones, config: BookingConfig) => {
        const { GEOCODER_URL, GEOCODER_USER_AGENT } = config;
        const geocode = GEOCODER_URL
          ? async (text: string) => {
              const [first] = await searchNominatim(GEOCODER_URL, text, { limit: 1, userAgent: GEOCODER_USER_AGENT });
              return first?.lat !== undefined && first.lon !== undefined ? { lat: first.lat, lon: first.lon } : null;
            }
          : undefined;
        return new PlaceLocator(SOCAL_PLACES, zones.all, geocode);
      },
    },
    RatesRepository,
    RateTableInForce,
    QuoteRides,
    UpdateRates,
    HourlyRates,
    SettlementTerms,
    CustomerBenefits,
    CompanyTransfers,
  ],
  exports: [CustomerBenefits, CompanyTransfers, QuoteRides, RateTableInForce, HourlyRates, SettlementTerms, PlaceLocator],
})
export class RatesModule {}
