/**
 * Names and paths of the seven specials, apart from their content so the navigation (in every
 * page's bundle) does not carry the whole offers text.
 */
export const SPECIAL_NAMES = {
  'lax-to-downtown': 'LAX to Downtown',
  'roundtrip-relax': 'Roundtrip Relax',
  'next-ones-on-us': "Next One's on Us",
  'executive-hour': 'Executive Hour',
  'refer-and-fly': 'Refer & Fly',
  'late-flight-love': 'Late Flight Love',
  'bundles-for-business': 'Bundles for Business',
} as const;

export type SpecialSlug = keyof typeof SPECIAL_NAMES;

export const SPECIAL_SLUGS = Object.keys(SPECIAL_NAMES) as SpecialSlug[];

export function specialPath(slug: SpecialSlug): string {
  return `/specials/${slug}`;
}
