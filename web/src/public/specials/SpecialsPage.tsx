import { Link } from 'react-router-dom';
import { PriceGuideNote } from '../../components/GuidePrice';
import { usePriceGuide, usePriceGuideReady } from '../../lib/price-guide';
import { useDocumentMeta } from '../../lib/use-document-title';
import { priceText } from '../content/site-prices';
import { CallToAction } from '../components/CallToAction';
import { PageHero } from '../components/PageHero';
import { MORE_WAYS_TO_SAVE, SPECIALS, specialPath } from '../content/specials';
import '../pages.css';

export default function SpecialsPage() {
  // Drawn with its prices, not grown as they arrive.
  usePriceGuideReady();
  const guide = usePriceGuide();
  const laxDowntown = priceText(guide.data, 'laxToDowntown');
  useDocumentMeta(
    'Special Offers',
    `Prestige Limo specials: LAX to Downtown${laxDowntown ? ` for ${laxDowntown}` : ''}, Roundtrip Relax, Next One’s on Us loyalty, Executive Hour, Refer & Fly, Late Flight Love and Bundles for Business.`,
  );
  return (
    <>
      <PageHero
        eyebrow="Specials"
        title="Special offers"
        lead="Flat airport fares, loyalty rewards, referral credit and quieter-hour discounts: ways to ride in style for less across Los Angeles and Orange County."
      />
      <section className="section section-dark specials-section" aria-labelledby="specials-list-title">
        <div className="container">
          <h2 id="specials-list-title" className="visually-hidden">
            All specials
          </h2>
          <ul className="special-grid plain-list">
            {SPECIALS.map((s) => (
              <li key={s.slug}>
                <article className="special-card" aria-labelledby={`special-${s.slug}`}>
                  <p className="special-kicker">{s.kicker}</p>
                  <h3 id={`special-${s.slug}`}>{s.name}</h3>
                  <p className="special-figure">
                    {s.figure}
                    {s.was && (
                      <span className="special-was">
                        {' '}
                        instead of <s>{s.was}</s>
                      </span>
                    )}
                  </p>
                  <p className="special-summary">{s.summary}</p>
                  <Link to={specialPath(s.slug)} className="special-link" aria-label={`View offer: ${s.name}`}>
                    View offer <span aria-hidden="true">→</span>
                  </Link>
                </article>
              </li>
            ))}
          </ul>
          <PriceGuideNote className="price-note centered-note" />
        </div>
      </section>
      <section className="section" aria-labelledby="save-title">
        <div className="container">
          <header className="section-header">
            <p className="eyebrow">More ways to save</p>
            <h2 id="save-title">Groups and early planners</h2>
          </header>
          <ul className="grid-2 plain-list">
            {MORE_WAYS_TO_SAVE.map((w) => (
              <li key={w.name} className="save-card">
                <p className="save-figure">{w.figure}</p>
                <div>
                  <h3>{w.name}</h3>
                  <p>{w.text}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="section-gap">
            <CallToAction title="Ask about the best offer for your trip" text="Tell us about your ride when you book; we apply the offer that fits." />
          </div>
        </div>
      </section>
    </>
  );
}
