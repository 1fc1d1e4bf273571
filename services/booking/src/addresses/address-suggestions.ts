import { Inject, Injectable, Logger } from '@nestjs/common';
import { ADDRESS_QUERY_MIN_LENGTH, type AddressSuggestion } from '@limo/contracts';
import { SERVICE_CONFIG } from '@limo/service-runtime';
import type { BookingConfig } from '../booking.config.js';
import { Gazetteer, toSuggestion } from './gazetteer.js';
import { searchNominatim } from './nominatim.js';

const LIMIT = 8;

/**
 * Address suggestions: from the configured geocoder when there is one (GEOCODER_URL), else, and
 * whenever that geocoder fails, from the built-in gazetteer, so booking never depends on an
 * outside service.
 */
@Injectable()
export class AddressSuggestions {
  private readonly log = new Logger('AddressSuggestions');

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
    private readonly gazetteer: Gazetteer,
  ) {}

  async suggest(q: string): Promise<AddressSuggestion[]> {
    const query = q.trim();
    if (query.length < ADDRESS_QUERY_MIN_LENGTH) return [];
    const { GEOCODER_URL, GEOCODER_USER_AGENT } = this.config;
    if (GEOCODER_URL) {
      try {
        return await searchNominatim(GEOCODER_URL, query, { limit: LIMIT, userAgent: GEOCODER_USER_AGENT });
      } catch (error) {
        this.log.warn(`geocoder failed, using the built-in gazetteer: ${(error as Error).message}`);
      }
    }
    return this.gazetteer.search(query, LIMIT).map(toSuggestion);
  }
}
