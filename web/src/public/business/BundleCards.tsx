import { GuideText, PriceGuideNote } from '../../components/GuidePrice';
import { price } from '../content/site-prices';
import { BUNDLE_TERMS, BUSINESS_BUNDLES } from '../content/specials';

/** What a transfer is worth: rides it covers, at the price guide's regular fares. */
function TransferValue() {
  return (
    <>
      <p className="bundle-value">
        Each transfer is a one-way ride in an Executive Sedan: LAX to Beverly Hills is {price('laxToBeverlyHills')} and LAX to Santa Monica{' '}
        {price('laxToSantaMonica')} at our regular fares (<GuideText pick={(g) => g.includes} />
        ). Extras are charged as usual.
      </p>
      <PriceGuideNote errorOnly />
    </>
  );
}

/** The three monthly business bundles and, unless the page lists them itself, their terms (spec section 9). */
export function BundleCards({ headingLevel = 3, showTerms = true }: { headingLevel?: 2 | 3; showTerms?: boolean }) {
  const Heading = `h${headingLevel}` as 'h2' | 'h3';
  return (
    <>
      <ul className="bundle-grid plain-list">
        {BUSINESS_BUNDLES.map((b, i) => (
          <li key={b.name}>
            <article className={`bundle-card${i === 1 ? ' is-featured' : ''}`} aria-labelledby={`bundle-${b.name}`}>
              {i === 1 && <p className="bundle-flag">Most popular</p>}
              <Heading id={`bundle-${b.name}`} className="bundle-name">
                {b.name}
              </Heading>
              <p className="bundle-price">
                <strong>{b.price}</strong>
                <span>/month</span>
              </p>
              <p className="bundle-transfers">{b.transfers} transfers</p>
              <p className="bundle-per">{b.perTransfer} per transfer</p>
            </article>
          </li>
        ))}
      </ul>
      <TransferValue />
      {showTerms && (
        <div className="terms bundle-terms">
          <Heading className="terms-title">Bundle terms</Heading>
          <ul>
            {BUNDLE_TERMS.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
