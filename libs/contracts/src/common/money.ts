import { z } from 'zod';

/** An exact amount with two decimals, carried as a string so no binary float ever touches it. */
export const Money = z.string().regex(/^-?\d{1,8}\.\d{2}$/, 'Amount must have exactly two decimals');
export type Money = z.infer<typeof Money>;

export { fromCents, toCents } from './cents.js';
