import { useQuery } from '@tanstack/react-query';
import { LOYALTY, type AccountLoyalty } from '@limo/contracts/customers/loyalty';
import { countOf } from '../lib/format';
import { punchCardMessage, rewardLine } from './punch-card';
import { SectionState } from './SectionState';

const STAMPS = Array.from({ length: LOYALTY.ridesPerReward }, (_, i) => i + 1);

/**
 * Next One's on Us on the account: five stamps, one per completed airport ride (a tick and the
 * words say which are done, not only their colour), the free rides earned, and VIP.
 */
export function PunchCard() {
  const loyalty = useQuery<AccountLoyalty>({ queryKey: ['/api/account/loyalty'] });
  if (loyalty.isPending || loyalty.isError) return <SectionState failed={loyalty.isError} what="rewards" />;
  const { completedAirportRides, punchCard, rewards, vip } = loyalty.data;
  return (
    <section className="card punch" aria-labelledby="punch-heading">
      <div className="punch-head">
        <h2 id="punch-heading">Next One&apos;s on Us</h2>
        {vip && <span className="badge badge-yellow punch-vip">VIP</span>}
      </div>
      <p className="muted">{countOf(completedAirportRides, 'completed airport ride')}</p>
      <ol className="punch-stamps" aria-label={`Punch card: ${punchCard} of ${LOYALTY.ridesPerReward} stamps`}>
        {STAMPS.map((stamp) => {
          const done = stamp <= punchCard;
          return (
            <li key={stamp} className={done ? 'punch-stamp punch-stamp-done' : 'punch-stamp'}>
              <span aria-hidden="true">{done ? '✓' : stamp}</span>
              <span className="visually-hidden">{`Ride ${stamp}: ${done ? 'done' : 'to go'}`}</span>
            </li>
          );
        })}
      </ol>
      <p className="punch-message">{punchCardMessage(punchCard)}</p>
      {rewards.length > 0 && (
        <ul className="punch-rewards" aria-label="Your free rides">
          {rewards.map((reward) => {
            const line = rewardLine(reward);
            return (
              <li key={reward.earnedAt + reward.expiresAt} className="punch-reward">
                <span className={`badge ${line.tone}`}>{line.badge}</span> {line.text}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
