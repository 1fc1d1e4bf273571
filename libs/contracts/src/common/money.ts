import { z } from 'zod';

const AMOUNT = /^-?\d{1,8}\.\d{2}$/;

/** An exact amount with two decimals, carried as a string so no binary float ever touches it. */
export const Money = z.string().regex(AMOUNT, 'Amount must have exactly two decimals');
export type Money = z.infer<typeof Money>;

/** A Money a form's field takes: what refuses it names the field ('Base rate must have exactly two decimals'). */
export const amountOf = (label: string) => z.string({ error: `${label} must have exactly two decimals` }).regex(AMOUNT, `${label} must have exactly two decimals`);

export { fromCents, toCents } from './cents.js';
