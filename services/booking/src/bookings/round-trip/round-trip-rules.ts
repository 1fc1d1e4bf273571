import type { PriceQuote } from '@limo/contracts';
import { describeQuote } from '../update-booking/ride-edit.js';

/** The return leg's history line once its outbound is cancelled alone: the new total and the quote it replaced. */
export function returnAloneDetail(outboundReference: string, before: PriceQuote, after: PriceQuote): string {
  return `Outbound ${outboundReference} cancelled alone: re-priced as a one-way ride without the round-trip discount, $${before.total} → $${after.total}. Previous quote: ${describeQuote(before)}`;
}
