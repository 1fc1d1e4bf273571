import { BundleCards } from '../business/BundleCards';
import { price } from '../content/site-prices';
import { REFERRAL_TIERS, ReturnLegPercent, type SpecialSlug } from '../content/specials';

/** The 5 + 1 punch card of "Next One's on Us". */
function PunchCard() {
  const slots = [1, 2, 3, 4, 5, 6];
  return (
    <figure className="punch-card">
      <ol className="punch-slots" aria-label="Punch card: 5 rides, then the 6th free">
        {slots.map((n) => (
          <li key={n} className={n === 6 ? 'punch-free' : 'punch-ride'}>
            <span className="punch-hole" aria-hidden="true">
              {n === 6 ? '★' : n}
            </span>
            <span className="punch-label">{n === 6 ? '6th ride free' : `Ride ${n}`}</span>
          </li>
        ))}
      </ol>
      <figcaption>Complete 5 business airport rides; the 6th is on us.</figcaption>
    </figure>
  );
}

function MemberBenefits() {
  return (
    <div className="benefits">
      <h3>Member benefits</h3>
      <ul className="check-list">
        <li>Free 6th business airport ride after 5 completed rides</li>
        <li>VIP from 10+ rides</li>
        <li>Free ride redeemable within 6 months</li>
      </ul>
    </div>
  );
}

function ReferralTiers() {
  return (
    <div className="table-wrap">
      <table className="tiers-table">
        <caption>Referral tiers</caption>
        <thead>
          <tr>
            <th scope="col">Tier</th>
            <th scope="col">Referrals</th>
            <th scope="col">Credit</th>
          </tr>
        </thead>
        <tbody>
          {REFERRAL_TIERS.map((t) => (
            <tr key={t.name}>
              <th scope="row">{t.name}</th>
              <td>{t.referrals}</td>
              <td>{t.credit}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const WEEK = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function ExecutiveHourWindow() {
  return (
    <figure className="week-window">
      <ul className="week-days plain-list">
        {WEEK.map((day, i) => (
          <li key={day} className={i < 5 ? 'is-on' : 'is-off'}>
            <span className="week-day">{day}</span>
            <span className="week-time">{i < 5 ? '10:00-14:00' : 'Regular rates'}</span>
          </li>
        ))}
      </ul>
      <figcaption>15% off airport rides with pickup Mon-Fri 10:00-14:00.</figcaption>
    </figure>
  );
}

function LateFlightWindow() {
  return (
    <figure className="week-window">
      <ul className="week-days plain-list">
        {WEEK.map((day) => (
          <li key={day} className="is-on">
            <span className="week-day">{day}</span>
            <span className="week-time">After 8 PM</span>
          </li>
        ))}
      </ul>
      <figcaption>10% off rides with pickup after 8 PM, any day.</figcaption>
    </figure>
  );
}

function RoundtripLegs() {
  return (
    <ol className="legs plain-list" aria-label="How Roundtrip Relax works">
      <li>
        <span className="leg-label">Outbound</span>
        <strong>Regular fare</strong>
      </li>
      <li className="leg-return">
        <span className="leg-label">Return within 30 days</span>
        <strong>
          <ReturnLegPercent />% off the return leg
        </strong>
      </li>
    </ol>
  );
}

function LaxComparison() {
  return (
    <dl className="compare plain-list">
      <div>
        <dt>Regular fare</dt>
        <dd>
          <s>{price('laxToDowntownRegular')}</s>
        </dd>
      </div>
      <div className="compare-special">
        <dt>LAX to Downtown special</dt>
        <dd>{price('laxToDowntown')}</dd>
      </div>
      <div>
        <dt>You save</dt>
        <dd>{price('laxToDowntownSaving')}</dd>
      </div>
    </dl>
  );
}

/** The part of a special's page that is particular to it. */
export function SpecialExtras({ slug }: { slug: SpecialSlug }) {
  switch (slug) {
    case 'next-ones-on-us':
      return (
        <div className="extras-grid">
          <PunchCard />
          <MemberBenefits />
        </div>
      );
    case 'refer-and-fly':
      return <ReferralTiers />;
    case 'executive-hour':
      return <ExecutiveHourWindow />;
    case 'late-flight-love':
      return <LateFlightWindow />;
    case 'roundtrip-relax':
      return <RoundtripLegs />;
    case 'lax-to-downtown':
      return <LaxComparison />;
    case 'bundles-for-business':
      return (
        <div className="bundles-on-light">
          <BundleCards showTerms={false} />
        </div>
      );
    default:
      return null;
  }
}
