import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useOutletContext } from 'react-router-dom';
import type { DriverRide, WeekOutlook } from '@limo/contracts/booking/dispatch';
import type { Driver } from '@limo/contracts/drivers/http';
import type { CurrentShift, DriverSession } from '@limo/contracts/drivers/portal';
import { Avatar } from '../../ui/Avatar';
import { LiveNote } from '../../ui/LiveNote';
import { StatCard } from '../../ui/StatCard';
import { ErrorPanel, LoadingPanel } from '../../ui/StatePanels';
import { apiJson, serverMessage } from '../../lib/api';
import { countOf, driverFullName, formatMoney, formatRating, formatTime } from '../../lib/format';
import { useToast } from '../../lib/toast';
import { useDocumentMeta } from '../../lib/use-document-title';
import { useNow } from '../../lib/use-now';
import type { LiveState } from '../../lib/use-live-updates';
import { DRIVER_POLL, DRIVER_QUERIES } from '../driver-queries';
import { hoursWorked, laClock, outlookDayLabel } from '../driver-format';
import { DRIVER_SESSION_KEY } from '../session/driver-session';
import { LocationPanel } from './LocationPanel';
import { RideCard } from './RideCard';
import { awaitsAnswer } from './ride-progress';

export default function DriverDashboardPage() {
  useDocumentMeta('Driver Dashboard', 'Your duty status, rides and earnings today.');
  const { live } = useOutletContext<{ live: LiveState }>();
  // The layout has it: the page only renders for a signed-in driver with their own password.
  const session = useQuery<DriverSession>({ queryKey: DRIVER_SESSION_KEY });
  const driver = session.data?.driver;
  const now = useNow(1000);
  if (!driver) return <LoadingPanel />;
  const clock = laClock(now);

  return (
    <div className="driver-page">
      <header className="driver-page-header">
        <div className="driver-identity">
          <Avatar firstName={driver.firstName} lastName={driver.lastName} size="lg" />
          <div>
            <h1>{driverFullName(driver)}</h1>
            <p className="muted">
              Professional Chauffeur · <span aria-hidden="true">★</span> {formatRating(driver.rating)} · {countOf(driver.totalRides, 'ride')}
            </p>
          </div>
        </div>
        <div className="driver-header-side">
          <p className="driver-clock" aria-label={`Los Angeles time ${clock.time}, ${clock.date}`}>
            <span className="driver-clock-time" data-testid="driver-clock">
              {clock.time}
            </span>
            <span className="muted small">{clock.date}</span>
          </p>
          <DutySwitch driver={driver} />
        </div>
      </header>
      <LiveNote live={live} what="new rides and changes" />
      <ShiftCards driver={driver} now={now} />
      <LocationPanel onDuty={driver.isOnDuty} now={now} />
      <RidesPanel onDuty={driver.isOnDuty} />
      <WeekOutlookPanel />
      <p className="driver-more">
        <Link to="/driver/revenue" className="btn btn-outline">
          See Your Earnings
        </Link>
      </p>
    </div>
  );
}

/** On or off duty (a shift opens or closes); going off duty during a ride is refused (409). */
function DutySwitch({ driver }: { driver: Driver }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: () => apiJson<Driver>('POST', '/api/drivers/current/toggle-duty'),
    onSuccess: (updated) => {
      queryClient.setQueryData<DriverSession>(DRIVER_SESSION_KEY, (s) => (s ? { ...s, driver: updated } : s));
      for (const path of [DRIVER_QUERIES.shift, DRIVER_QUERIES.rides, DRIVER_QUERIES.monthly, DRIVER_QUERIES.weekly]) {
        void queryClient.invalidateQueries({ queryKey: [path] });
      }
      toast({ title: updated.isOnDuty ? 'You Are On Duty' : 'You Are Off Duty', description: updated.isOnDuty ? 'Your shift has started.' : 'Your shift has ended.' });
    },
    onError: (error) => {
      toast({ title: 'Duty Change Failed', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
    },
  });
  const on = driver.isOnDuty;
  return (
    <div className="duty">
      <span className={`badge ${on ? 'badge-green' : 'badge-gray'}`} data-testid="duty-badge">
        {on ? 'On Duty' : 'Off Duty'}
      </span>
      <span className="duty-label" aria-hidden="true">
        Off
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label="On duty"
        className="duty-switch"
        disabled={toggle.isPending}
        onClick={() => toggle.mutate()}
      >
        <span className="duty-knob" aria-hidden="true" />
      </button>
      <span className="duty-label" aria-hidden="true">
        On
      </span>
    </div>
  );
}

function ShiftCards({ driver, now }: { driver: Driver; now: Date }) {
  const shift = useQuery<CurrentShift>({ queryKey: [DRIVER_QUERIES.shift], refetchInterval: DRIVER_POLL.shift });
  const s = shift.data;
  const hours = s?.shift ? hoursWorked(s.shift.startTime, now) : 0;
  const cards = [
    { label: "Today's Earnings", value: s ? formatMoney(s.today.earnings) : '…', detail: 'Completed rides today', testId: 'today-earnings' },
    { label: 'Rides Today', value: s ? String(s.today.rides) : '…', detail: 'Completed today', testId: 'rides-today' },
    {
      label: 'Hours Worked',
      value: s ? `${hours}h` : '…',
      detail: s?.shift ? `Shift started ${new Date(s.shift.startTime).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'America/Los_Angeles' })}` : 'Off duty',
      testId: 'hours-worked',
    },
    { label: 'Rating', value: formatRating(driver.rating), detail: 'Out of 5.0', testId: 'rating' },
  ];
  if (shift.isError) return <p className="inline-error" role="alert">Unable to load today's figures. {serverMessage(shift.error)}</p>;
  return (
    <ul className="driver-stats" aria-label="Today" aria-busy={shift.isLoading}>
      {cards.map((card) => (
        <StatCard key={card.label} label={card.label} value={card.value} valueTestId={card.testId} detail={card.detail} />
      ))}
    </ul>
  );
}

function RidesPanel({ onDuty }: { onDuty: boolean }) {
  const rides = useQuery<DriverRide[]>({ queryKey: [DRIVER_QUERIES.rides], refetchInterval: DRIVER_POLL.rides });
  const list = rides.data ?? [];
  const waiting = list.filter(awaitsAnswer).length;
  return (
    <section className="card driver-panel" aria-labelledby="rides-heading">
      <div className="section-head">
        <h2 id="rides-heading" className="section-title">
          Your Rides
        </h2>
        {waiting > 0 && <span className="badge badge-yellow">{waiting} awaiting your answer</span>}
      </div>
      {rides.isLoading ? (
        <p className="inline-loading">Loading your rides...</p>
      ) : rides.isError ? (
        <ErrorPanel title="Unable to Load Your Rides" error={rides.error} message={serverMessage(rides.error)} />
      ) : list.length === 0 ? (
        <p className="inline-empty">{onDuty ? 'No rides assigned to you yet. New rides appear here.' : 'No rides assigned. Go on duty to receive rides.'}</p>
      ) : (
        <ul className="ride-list">
          {list.map((ride) => (
            <li key={ride.id}>
              <RideCard ride={ride} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function WeekOutlookPanel() {
  const outlook = useQuery<WeekOutlook>({ queryKey: [DRIVER_QUERIES.weekOutlook], refetchInterval: DRIVER_POLL.weekOutlook });
  return (
    <section className="card driver-panel" aria-labelledby="week-heading">
      <div className="section-head">
        <h2 id="week-heading" className="section-title">
          Week Outlook
        </h2>
        <p className="muted">Your rides for the next 7 days</p>
      </div>
      {outlook.isLoading ? (
        <p className="inline-loading">Loading your week...</p>
      ) : outlook.isError ? (
        <ErrorPanel title="Unable to Load Your Week" error={outlook.error} message={serverMessage(outlook.error)} />
      ) : (
        <ol className="week-list">
          {(outlook.data?.days ?? []).map((day) => (
            <li key={day.date} className="week-day">
              <h3 className="week-day-name">{outlookDayLabel(day.date)}</h3>
              {day.rides.length === 0 ? (
                <p className="muted small week-none">No rides</p>
              ) : (
                <ul className="week-rides">
                  {day.rides.map((ride) => (
                    <li key={ride.id}>
                      <span className="week-time">{formatTime(ride.pickupTime)}</span>
                      <span className="week-route">
                        {ride.pickupLocation}
                        {ride.dropoffLocation ? ` → ${ride.dropoffLocation}` : ` (hourly, ${ride.duration ?? 0} h)`}
                      </span>
                      <span className="mono small">{ride.reference}</span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
