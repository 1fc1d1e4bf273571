/**
 * A completed ride's earnings for its driver, in cents: the share of base plus add-ons, rounded
 * half up to the cent, plus the whole gratuity (decisions.md).
 */
export function driverEarningsCents(price: { baseCents: number; addOnsCents: number; gratuityCents: number }, sharePercent: number): number {
  const share = Math.floor(((price.baseCents + price.addOnsCents) * sharePercent + 50) / 100);
  return share + price.gratuityCents;
}
