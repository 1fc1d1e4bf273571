import { Link } from 'react-router-dom';
import { COMPANY } from '../../lib/company';
import { PriceGuideNote } from '../../components/GuidePrice';
import { usePriceGuide, usePriceGuideReady } from '../../lib/price-guide';
import { useDocumentMeta } from '../../lib/use-document-title';
import { CallToAction } from '../components/CallToAction';
import { FigurePanel, PageHero } from '../components/PageHero';
import { findSpecial, SPECIALS, specialPath, type SpecialSlug } from '../content/specials';
import { SpecialExtras } from './SpecialExtras';
import '../pages.css';
import { CallButton } from '../components/CallButton';

/** One special's page; the router gives each of the seven its own fixed path (no parameters). */
export default function SpecialDetailPage({ slug }: { slug: SpecialSlug }) {
  const special = findSpecial(slug);
  // Drawn with its prices, not grown as they arrive.
  usePriceGuideReady();
  const guide = usePriceGuide();
  useDocumentMeta(special.name, special.description(guide.data));
  const others = SPECIALS.filter((s) => s.slug !== slug);

  return (
    <>
      <PageHero
        crumbs={[
          { to: '/', label: 'Home' },
          { to: '/specials', label: 'Specials' },
        ]}
        eyebrow={special.kicker}
        title={special.name}
        lead={special.intro}
        aside={<FigurePanel value={special.figure} was={special.was} label={special.figureLabel} />}
        actions={
          <>
            <Link className="btn btn-gold" to={special.cta.to}>
              {special.cta.label}
            </Link>
            <CallButton />
          </>
        }
      />
      <section className="section" aria-labelledby="offer-title">
        <div className="container offer-layout">
          <div className="offer-main">
            <h2 id="offer-title" className="offer-title">
              The offer
            </h2>
            <ul className="check-list offer-highlights">
              {special.highlights.map((h, i) => (
                <li key={i}>{h}</li>
              ))}
            </ul>
            <SpecialExtras slug={slug} />
            {/* The special shows fares: what they include; the others only if the guide failed. */}
            <PriceGuideNote errorOnly={slug !== 'lax-to-downtown'} />
          </div>
          <aside className="terms" aria-labelledby="terms-title">
            <h2 id="terms-title">Terms</h2>
            <ul>
              {special.terms.map((t, i) => (
                <li key={i}>{t}</li>
              ))}
            </ul>
          </aside>
        </div>
      </section>
      <section className="section section-alt" aria-labelledby="others-title">
        <div className="container">
          <header className="section-header">
            <h2 id="others-title">More specials</h2>
          </header>
          <ul className="grid-3 plain-list link-cards">
            {others.map((s) => (
              <li key={s.slug}>
                <Link to={specialPath(s.slug)} className="link-card">
                  <strong>{s.name}</strong>
                  <span>{s.summary}</span>
                </Link>
              </li>
            ))}
          </ul>
          <div className="section-gap">
            <CallToAction />
          </div>
        </div>
      </section>
    </>
  );
}
