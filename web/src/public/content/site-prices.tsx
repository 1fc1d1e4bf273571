import type { PriceGuide } from '@limo/contracts';
import { GuidePrice, GuideText } from '../../components/GuidePrice';
import { sitePrice } from '../../lib/price-guide';

/*
 * Every price the public pages show, by name, picked from the price guide (GET /api/price-guide):
 * the figures are the rate engine's, never page copy (decisions.md, "Prices: one rate table").
 */
const sample = (id: string) => (g: PriceGuide) => g.samples.find((s) => s.id === id)?.total;

export const SITE_PRICES = {
  laxToSantaMonica: sample('lax-santa-monica'),
  laxToBeverlyHills: sample('lax-beverly-hills'),
  /** The LAX to Downtown fare a customer gets: the special's (it supersedes the spec's $90). */
  laxToDowntown: (g: PriceGuide) => g.laxToDowntown.price,
  laxToDowntownRegular: (g: PriceGuide) => g.laxToDowntown.regular,
  laxToDowntownSaving: (g: PriceGuide) => g.laxToDowntown.saving,
  meetGreet: (g: PriceGuide) => g.extras.meetGreet,
  airportSurcharge: (g: PriceGuide) => g.extras.airportSurcharge,
  hourlyRate: (g: PriceGuide) => g.hourly.rate,
  hourlyMinimum: (g: PriceGuide) => g.hourly.minimum ?? g.hourly.examples.find((e) => e.hours === g.hourly.minimumHours)?.total,
} satisfies Record<string, (guide: PriceGuide) => string | undefined>;

export type SitePriceName = keyof typeof SITE_PRICES;

/** A named price as the page draws it (a steady blank while the guide loads). */
export const price = (name: SitePriceName) => <GuidePrice pick={SITE_PRICES[name]} />;

/** A named price as text (page titles and descriptions), or undefined until the guide is in. */
export function priceText(guide: PriceGuide | undefined, name: SitePriceName): string | undefined {
  const amount = guide && SITE_PRICES[name](guide);
  return amount === undefined ? undefined : sitePrice(amount);
}

/** The hourly minimum in hours ("3"). */
export const MinimumHours = () => <GuideText pick={(g) => g.hourly.minimumHours} />;

/** What every price includes, in the quote's words. */
export const Includes = () => <GuideText pick={(g) => `Prices include a ${g.includes.replace(/ included$/, '')}.`} />;
