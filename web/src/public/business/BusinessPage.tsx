import { Link } from 'react-router-dom';
import { businessHoursText, COMPANY } from '../../lib/company';
import { usePriceGuideReady } from '../../lib/price-guide';
import { useDocumentMeta } from '../../lib/use-document-title';
import { CallToAction } from '../components/CallToAction';
import { FigurePanel, PageHero } from '../components/PageHero';
import { specialPath } from '../content/special-names';
import { BUSINESS_BUNDLES } from '../content/specials';
import { BundleCards } from './BundleCards';

const FIRST = BUSINESS_BUNDLES[0];
import '../pages.css';
import { CallButton } from '../components/CallButton';

const REASONS = [
  {
    title: 'One account for the whole team',
    text: 'Assistants book for executives, travellers book for themselves, and every ride draws on the same monthly bundle.',
  },
  {
    title: 'Airport runs without the guesswork',
    text: 'Chauffeurs follow your flights to LAX, Burbank, Long Beach and other Southern California airports.',
  },
  {
    title: 'Client pickups that reflect on you',
    text: 'Executive sedans and luxury SUVs, suited chauffeurs, bottled water and Wi-Fi on board.',
  },
  {
    title: 'A person on the phone',
    text: `Our reservations desk answers ${businessHoursText()}.`,
  },
];

export default function BusinessPage() {
  // Drawn with the transfers' value, not grown as it arrives.
  usePriceGuideReady();
  useDocumentMeta(
    'Business Services',
    'Corporate chauffeur service in Los Angeles and Orange County: monthly bundles Starter $750 for 10 transfers, Professional $1,400 for 20, Enterprise $2,500 for 40.',
  );
  return (
    <>
      <PageHero
        eyebrow="Business services"
        title="Corporate travel, handled"
        lead="Monthly transfer bundles for companies across Los Angeles and Orange County: your team's airport runs, roadshows and client pickups on one predictable bill."
        aside={<FigurePanel value={FIRST.price} label={`Monthly bundles from ${FIRST.price}/month for ${FIRST.transfers} transfers`} />}
        actions={
          <>
            <a className="btn btn-gold" href="#bundles">
              See the bundles
            </a>
            <CallButton />
          </>
        }
      />
      <section className="section" aria-labelledby="why-title">
        <div className="container">
          <header className="section-header">
            <p className="eyebrow">Why companies choose us</p>
            <h2 id="why-title">A car service your team can rely on</h2>
          </header>
          <ul className="grid-2 plain-list reason-list">
            {REASONS.map((r) => (
              <li key={r.title} className="reason">
                <h3>{r.title}</h3>
                <p>{r.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section id="bundles" className="section section-dark bundles-section" aria-labelledby="bundles-title">
        <div className="container">
          <header className="section-header centered">
            <p className="eyebrow">Monthly bundles</p>
            <h2 id="bundles-title">Bundles for Business</h2>
            <p>Pick the volume that fits your team. The more transfers, the lower the price of each.</p>
          </header>
          <BundleCards />
        </div>
      </section>
      <section className="section" aria-labelledby="more-title">
        <div className="container">
          <header className="section-header">
            <p className="eyebrow">More for business travellers</p>
            <h2 id="more-title">Specials that suit the working week</h2>
          </header>
          <ul className="grid-3 plain-list link-cards">
            <li>
              <Link to={specialPath('executive-hour')} className="link-card">
                <strong>Executive Hour</strong>
                <span>15% off airport rides with pickup Mon-Fri 10:00-14:00.</span>
              </Link>
            </li>
            <li>
              <Link to={specialPath('next-ones-on-us')} className="link-card">
                <strong>Next One's on Us</strong>
                <span>A free 6th business airport ride after 5 completed rides.</span>
              </Link>
            </li>
            <li>
              <Link to={specialPath('bundles-for-business')} className="link-card">
                <strong>Bundles for Business</strong>
                <span>The monthly bundles in detail, with their terms.</span>
              </Link>
            </li>
          </ul>
          <div className="section-gap">
            <CallToAction
              title="Set up a business account"
              text={`Call us or write to ${COMPANY.email} and we will set up your bundle.`}
              bookLabel="Book a ride now"
            />
          </div>
        </div>
      </section>
    </>
  );
}
