import { Link } from 'react-router-dom';
import { GuideText, PriceGuideNote } from '../../components/GuidePrice';
import { POPULAR_DESTINATIONS } from '../content/services';
import { price } from '../content/site-prices';

const SCENE_IMAGES: Record<(typeof POPULAR_DESTINATIONS)[number]['scene'], string> = {
  downtown: '/images/hero/downtown-skyline.svg',
  'beverly-hills': '/images/hero/beverly-hills.svg',
  'santa-monica': '/images/hero/santa-monica-pier.svg',
};

/** Popular destinations with the price guide's sample fares from LAX (the Executive Sedan, up to 3 passengers). */
export function DestinationsSection() {
  return (
    <section className="section" aria-labelledby="destinations-title">
      <div className="container">
        <header className="section-header">
          <p className="eyebrow">Popular destinations</p>
          <h2 id="destinations-title">Straight from LAX</h2>
          <p>Sample fares for our most requested airport rides.</p>
        </header>
        <ul className="grid-3 plain-list">
          {POPULAR_DESTINATIONS.map((d) => (
            <li key={d.name}>
              <article className="destination-card">
                <img src={SCENE_IMAGES[d.scene]} alt="" loading="lazy" decoding="async" />
                <div className="destination-body">
                  <h3>{d.name}</h3>
                  <p className="destination-fare">
                    <span>{d.route}</span> <strong>{price(d.price)}</strong>
                  </p>
                  <p className="muted">{d.blurb}</p>
                </div>
              </article>
            </li>
          ))}
        </ul>
        <PriceGuideNote errorOnly />
        <p className="destination-note">
          Sample fares in an Executive Sedan for up to 3 passengers with the airport surcharge, <GuideText pick={(g) => g.includes} />; your quote depends on the vehicle and the time of day. <Link to="/specials/lax-to-downtown">See the LAX to Downtown special</Link>.
        </p>
      </div>
    </section>
  );
}
