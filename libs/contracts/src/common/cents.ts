/*
 * Exact amounts as integer cents, free of zod so that the public pages can price a ride before
 * the contract schemas load (money.ts has the Money schema and re-exports these).
 */

/** Integer cents from a Money string ("12.30" -> 1230). */
export function toCents(amount: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`Not an amount: ${amount}`);
  const [, sign, whole, frac = ''] = match;
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return sign ? -cents : cents;
}

/** Money string from integer cents (1230 -> "12.30"). */
export function fromCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`Cents must be a safe integer: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
