import { z } from 'zod';
import { ServiceConfig } from '@limo/service-runtime';

export const DriversConfig = ServiceConfig.extend({
  /**
   * The password of the demo drivers (SEED_DEMO_DATA), so a developer can sign in as one at once.
   * Development only: in production demo drivers get random passwords nobody knows.
   */
  DEMO_DRIVER_PASSWORD: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(6).optional()),
}).transform((config) => ({
  ...config,
  DEMO_DRIVER_PASSWORD: config.NODE_ENV === 'production' ? undefined : (config.DEMO_DRIVER_PASSWORD ?? 'limo-driver-dev'),
}));
export type DriversConfig = z.infer<typeof DriversConfig>;
