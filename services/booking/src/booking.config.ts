import { z } from 'zod';
import { ServiceConfig } from '@limo/service-runtime';

export const BookingConfig = ServiceConfig.extend({
  /** Ten demo bookings through the real create/edit paths (`npm start` turns it on). */
  SEED_DEMO_BOOKINGS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** A Nominatim-compatible geocoder for address suggestions instead of the built-in gazetteer. */
  GEOCODER_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^https?$/ }).optional()),
  /** User-Agent sent to that geocoder (Nominatim's usage policy asks for one). */
  GEOCODER_USER_AGENT: z.string().default('limo-booking/1.0'),
});
export type BookingConfig = z.infer<typeof BookingConfig>;
