import { z } from 'zod';

/** A positive whole-number id in a path (`/drivers/12`); anything else is a 400 naming it. */
export const IdParam = z
  .string()
  .regex(/^\d{1,10}$/, 'id must be a positive whole number')
  .transform(Number)
  .pipe(z.number().int().min(1, 'id must be a positive whole number').max(2_147_483_647, 'id is too large'));
