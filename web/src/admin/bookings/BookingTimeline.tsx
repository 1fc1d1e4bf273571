import { useQuery } from '@tanstack/react-query';
import type { Driver, TimelineEntry } from '@limo/contracts';
import { driverFullName } from '../../lib/format';
import { InlineError } from '../components/AuthErrorPanel';
import { timelineLine } from './timeline-format';

/** A ride's history (GET /api/admin/bookings/{id}/timeline), oldest first: when, what, by whom. */
export function BookingTimeline({ bookingId, idPrefix: id }: { bookingId: number; idPrefix: string }) {
  const timeline = useQuery<TimelineEntry[]>({ queryKey: [`/api/admin/bookings/${bookingId}/timeline`], staleTime: 0 });
  const drivers = useQuery<Driver[]>({ queryKey: ['/api/drivers'] });
  const names = new Map((drivers.data ?? []).map((d) => [d.id, driverFullName(d)]));
  return (
    <section className="dialog-section" aria-labelledby={`${id}-timeline`}>
      <h3 id={`${id}-timeline`}>Timeline</h3>
      {timeline.isLoading ? (
        <p className="inline-loading">Loading the timeline...</p>
      ) : timeline.isError ? (
        <InlineError what="the timeline" error={timeline.error} />
      ) : !timeline.data?.length ? (
        <p className="muted">Nothing recorded yet.</p>
      ) : (
        <ol className="timeline" data-testid="booking-timeline">
          {timeline.data.map((entry, i) => {
            const line = timelineLine(entry, names);
            return (
              <li key={`${entry.at}-${i}`} className="timeline-entry">
                <time dateTime={entry.at} className="timeline-when">
                  {line.when}
                </time>
                <p className="timeline-what">
                  <strong>{line.what}</strong>
                  {line.detail && <span className="timeline-detail"> · {line.detail}</span>}
                </p>
                <p className="timeline-who muted">by {line.who}</p>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
