import { useQuery } from '@tanstack/react-query';
import type { PriceGuide } from '@limo/contracts';
import { formatMoney } from './format';
import { useQueryReady } from './use-query-ready';

/** GET /api/price-guide: every price the site shows, from the rate table in force (decisions.md). */
export const PRICE_GUIDE_KEY = ['/api/price-guide'] as const;

/** The one query every page's prices come from. */
export function usePriceGuide() {
  return useQuery<PriceGuide>({ queryKey: PRICE_GUIDE_KEY });
}

/** Holds a page back (at most a second) until the guide has answered, so its figures never push the page about. */
export function usePriceGuideReady(): void {
  useQueryReady(PRICE_GUIDE_KEY);
}

/** "$70" for 70.00, "$62.50" for 62.50: the site's way of writing a price. */
export function sitePrice(amount: string): string {
  return formatMoney(amount).replace(/\.00$/, '');
}
