import { z } from 'zod';
import { ServiceConfig } from '@limo/service-runtime';

export const CustomersConfig = ServiceConfig.extend({
  /** How long a signed-in browser stays signed in (the cookie lives as long). */
  CUSTOMER_SESSION_DAYS: z.coerce.number().positive().max(365).default(30),
});
export type CustomersConfig = z.infer<typeof CustomersConfig>;
