/**
 * The special offers and every figure and term the spec gives them (section 9, marketing
 * figures). Texts here are what the pages show; keep the figures exactly as the spec writes them.
 * Prices of the rate table (the LAX to Downtown fares, the return leg's discount) are the price
 * guide's (price(), ReturnLegPercent), never typed here.
 */
import type { ReactNode } from 'react';
import type { PriceGuide } from '@limo/contracts';
import { GuideText } from '../../components/GuidePrice';
import { formatMoney } from '../../lib/format';
import { price, priceText } from './site-prices';
import { SPECIAL_NAMES, type SpecialSlug } from './special-names';

export { specialPath, type SpecialSlug } from './special-names';

export interface Special {
  slug: SpecialSlug;
  name: string;
  /** Short label above the name. */
  kicker: string;
  /** The big figure on the card and the hero. */
  figure: ReactNode;
  /** A crossed-out regular price next to the figure, if any. */
  was?: ReactNode;
  figureLabel: ReactNode;
  summary: ReactNode;
  /** Meta description of the detail page, with its prices once the guide has them. */
  description: (guide: PriceGuide | undefined) => string;
  intro: string;
  highlights: ReactNode[];
  terms: ReactNode[];
  cta: { label: string; to: string };
}

/** "$750", "$62.50": a plan's figure the site's way. */
const dollars = (cents: number) => formatMoney(cents).replace(/\.00$/, '');

// The plans' monthly prices (decisions.md, "Bundles for Business"); the price per transfer follows from them.
export const BUSINESS_BUNDLES = [
  { name: 'Starter', monthlyCents: 75_000, transfers: 10 },
  { name: 'Professional', monthlyCents: 140_000, transfers: 20 },
  { name: 'Enterprise', monthlyCents: 250_000, transfers: 40 },
].map((b) => ({ ...b, price: dollars(b.monthlyCents), perTransfer: dollars(Math.round(b.monthlyCents / b.transfers)) }));

/** The return leg's discount of Roundtrip Relax, from the rate table ("20"). */
export const ReturnLegPercent = () => <GuideText pick={(g) => g.returnLegPercent} />;

const laxDowntown = (guide: PriceGuide | undefined) => {
  const special = priceText(guide, 'laxToDowntown');
  const regular = priceText(guide, 'laxToDowntownRegular');
  return special && regular ? ` for a flat ${special} instead of ${regular}` : '';
};

export const BUNDLE_TERMS = [
  'Minimum commitment 6 months.',
  '30 days notice to change or cancel.',
  'Unused credits expire each billing period.',
] as const;

export const REFERRAL_TIERS = [
  { name: 'Starter', referrals: '1-4 referrals', credit: '$10 per referral' },
  { name: 'VIP Referrer', referrals: '5-9 referrals', credit: '$10 per referral' },
  { name: 'Elite Ambassador', referrals: '10+ referrals', credit: '$15 per referral' },
] as const;

/** Offers that apply without a dedicated page. */
export const MORE_WAYS_TO_SAVE = [
  { name: 'Group discount', figure: 'Up to 20%', text: 'Group discount up to 20% for 5 or more passengers.' },
  { name: 'Advance booking', figure: '15% off', text: 'Advance booking: 15% off for 7 days ahead.' },
] as const;

export const SPECIALS: Special[] = [
  {
    slug: 'lax-to-downtown',
    name: SPECIAL_NAMES['lax-to-downtown'],
    kicker: 'Airport flat rate',
    figure: price('laxToDowntown'),
    was: price('laxToDowntownRegular'),
    figureLabel: <>{price('laxToDowntown')} versus {price('laxToDowntownRegular')}</>,
    summary: (
      <>
        A flat {price('laxToDowntown')} from LAX to Downtown Los Angeles instead of {price('laxToDowntownRegular')}, for up to 3 passengers.
      </>
    ),
    description: (guide) => `LAX to Downtown Los Angeles${laxDowntown(guide)}: up to 3 passengers and 45 minutes wait time included.`,
    intro:
      'Land, breathe, and let us take it from there. Your chauffeur meets you at LAX and drives you to Downtown Los Angeles for one flat price.',
    highlights: [<>{price('laxToDowntown')} versus {price('laxToDowntownRegular')}</>, 'Up to 3 passengers', '45 minutes wait time'],
    terms: [
      <>
        Flat rate of {price('laxToDowntown')} (regular price {price('laxToDowntownRegular')}) for a one-way ride from LAX to Downtown Los Angeles.
      </>,
      'Up to 3 passengers per ride.',
      'Includes 45 minutes wait time.',
    ],
    cta: { label: 'Book LAX to Downtown', to: '/services/airport' },
  },
  {
    slug: 'roundtrip-relax',
    name: SPECIAL_NAMES['roundtrip-relax'],
    kicker: 'Round trips',
    figure: (
      <>
        <ReturnLegPercent />% off
      </>
    ),
    figureLabel: (
      <>
        <ReturnLegPercent />% off the return leg
      </>
    ),
    summary: (
      <>
        Book there and back: <ReturnLegPercent />% off the return leg when you return within 30 days.
      </>
    ),
    description: (guide) => `Book a round trip with Prestige Limo and get ${guide ? `${guide.returnLegPercent}% off` : 'a discount on'} the return leg, for a return within 30 days.`,
    intro: 'Going to the airport and coming back? Book both rides and the way home costs less.',
    highlights: [
      <>
        <ReturnLegPercent />% off the return leg
      </>,
      'Return within 30 days',
      'Same chauffeur standard both ways',
    ],
    terms: [
      <>
        <ReturnLegPercent />% off the return leg of a round trip.
      </>,
      'The return ride must be within 30 days of the first ride.',
    ],
    cta: { label: 'Book a round trip', to: '/reservations' },
  },
  {
    slug: 'next-ones-on-us',
    name: SPECIAL_NAMES['next-ones-on-us'],
    kicker: 'Loyalty',
    figure: '6th ride free',
    figureLabel: '5 rides, then the 6th free',
    summary: 'Our punch card for business travellers: 5 business airport rides, then the 6th is free.',
    description: () => "Next One's on Us loyalty punch card: a free 6th business airport ride after 5 completed rides, VIP from 10+ rides.",
    intro: 'Every business airport ride counts. Complete five and the next one is on us.',
    highlights: ['5 rides, then the 6th free', 'For business airport rides', 'Member benefits grow with every ride'],
    terms: [
      'A free 6th business airport ride after 5 completed rides.',
      'Members become VIP from 10+ rides.',
      'The free ride is redeemable within 6 months.',
    ],
    cta: { label: 'Book an airport ride', to: '/services/airport' },
  },
  {
    slug: 'executive-hour',
    name: SPECIAL_NAMES['executive-hour'],
    kicker: 'Midday airport rides',
    figure: '15% off',
    figureLabel: '15% off airport rides, Mon-Fri 10:00-14:00',
    summary: '15% off airport rides with pickup Mon-Fri 10:00-14:00.',
    description: () => 'Executive Hour: 15% off airport rides with pickup Monday to Friday 10:00-14:00, booked at least 2 hours ahead.',
    intro: 'Midday flights are kinder to the calendar, and now to the budget too.',
    highlights: ['15% off airport rides', 'Pickup Mon-Fri 10:00-14:00', 'Minimum advance booking 2 hours'],
    terms: [
      '15% off airport rides with pickup Mon-Fri 10:00-14:00.',
      'Minimum advance booking 2 hours.',
      'Not combinable with other offers.',
    ],
    cta: { label: 'Book an airport ride', to: '/services/airport' },
  },
  {
    slug: 'refer-and-fly',
    name: SPECIAL_NAMES['refer-and-fly'],
    kicker: 'Referral program',
    figure: '$10 + $10',
    figureLabel: '$10 credit for both parties',
    summary: 'Refer a friend: you both get $10 credit, and $15 per referral from 10+ referrals.',
    description: () => 'Refer & Fly: $10 credit for you and your friend; Starter, VIP Referrer and Elite Ambassador tiers up to $15 per referral.',
    intro: 'Share the ride you trust. When a friend you refer rides with us, you both get ride credit.',
    highlights: ['$10 credit for both parties', 'Elite Ambassadors earn $15 per referral', 'Credits expire after 12 months'],
    terms: [
      '$10 credit for both parties: the referrer and the friend referred.',
      'Tiers: Starter 1-4 referrals, VIP Referrer 5-9, Elite Ambassador 10+ at $15 per referral.',
      'Credits expire after 12 months.',
      'Terms change with 30 days notice.',
    ],
    cta: { label: 'Book your first ride', to: '/reservations' },
  },
  {
    slug: 'late-flight-love',
    name: SPECIAL_NAMES['late-flight-love'],
    kicker: 'Night rides',
    figure: '10% off',
    figureLabel: '10% off after 8 PM',
    summary: '10% off rides with pickup after 8 PM, any day.',
    description: () => 'Late Flight Love: 10% off Prestige Limo rides with pickup after 8 PM, any day of the week.',
    intro: 'Red-eye, delayed connection or a late dinner downtown: the night rides are on a softer rate.',
    highlights: ['10% off rides', 'Pickup after 8 PM', 'Any day'],
    terms: ['10% off rides with pickup after 8 PM, any day.'],
    cta: { label: 'Book a late ride', to: '/reservations' },
  },
  {
    slug: 'bundles-for-business',
    name: SPECIAL_NAMES['bundles-for-business'],
    kicker: 'Corporate',
    figure: 'From $750',
    figureLabel: 'Monthly bundles from $750/month',
    summary: 'Monthly transfer bundles for teams: Starter, Professional and Enterprise.',
    description: () => 'Bundles for Business: Starter $750/month for 10 transfers, Professional $1,400 for 20, Enterprise $2,500 for 40.',
    intro: 'One monthly plan for your team’s airport runs and client pickups, with a lower price per transfer as you grow.',
    highlights: ['Starter $750/month for 10 transfers', 'Professional $1,400/month for 20', 'Enterprise $2,500/month for 40'],
    terms: [...BUNDLE_TERMS],
    cta: { label: 'Explore business services', to: '/business' },
  },
];

export function findSpecial(slug: SpecialSlug): Special {
  const special = SPECIALS.find((s) => s.slug === slug);
  if (!special) throw new Error(`Unknown special ${slug}`);
  return special;
}
