import type { PriceGuide } from '@limo/contracts';
import { sitePrice, usePriceGuide } from '../lib/price-guide';
import './guide-price.css';

/**
 * A price from the price guide, written the site's way ("$70"). Until the guide answers, a blank
 * of about a price's width holds its place (never a made-up figure); if it cannot be loaded, a
 * dash stands in and the page's PriceGuideNote says why.
 */
export function GuidePrice(props: { pick: (guide: PriceGuide) => string | undefined; format?: (amount: string) => string; missing?: string; kind?: 'price' | 'text' }) {
  const { pick, format = sitePrice, missing = 'price unavailable', kind = 'price' } = props;
  const guide = usePriceGuide();
  const amount = guide.data ? pick(guide.data) : undefined;
  // A price never breaks across lines; words may.
  if (amount !== undefined) return <span className={kind === 'price' ? 'guide-price' : 'guide-text'}>{format(amount)}</span>;
  if (guide.isPending)
    return (
      <span className="guide-price is-loading" aria-busy="true">
        <span className="visually-hidden">Loading price</span>
      </span>
    );
  return (
    <span className="guide-price is-unavailable">
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{missing}</span>
    </span>
  );
}

/** A figure of the guide in words or a number ("3" minimum hours, what prices include), drawn like a price. */
export function GuideText({ pick }: { pick: (guide: PriceGuide) => string | number | undefined }) {
  return <GuidePrice pick={(g) => (pick(g) === undefined ? undefined : String(pick(g)))} format={(text) => text} missing="not available" kind="text" />;
}

/** Under a page's prices: what every figure includes (unless `errorOnly`), or that the prices could not be loaded. */
export function PriceGuideNote({ className = 'price-note', errorOnly = false }: { className?: string; errorOnly?: boolean }) {
  const guide = usePriceGuide();
  if (guide.isError)
    return (
      <p className={`${className} price-note-error`} role="status">
        Prices could not be loaded just now. The booking form quotes every ride, or call us for a price.
      </p>
    );
  if (errorOnly) return null;
  return <p className={className}>{guide.data ? `Prices: ${guide.data.includes}.` : '\u00a0'}</p>;
}
