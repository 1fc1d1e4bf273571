import { useStaleFiguresSince } from '../../lib/stale-figures';

const asOfTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'America/Los_Angeles' });

/** While reporting is out, the figures shown are its last answers: says from when. */
export function StaleFiguresNotice() {
  const since = useStaleFiguresSince();
  if (!since) return null;
  return (
    <p className="stale-figures" role="status">
      Reporting is not answering: figures shown are from {asOfTime.format(new Date(since))} and may be out of date.
    </p>
  );
}
