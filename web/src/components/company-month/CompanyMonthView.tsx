import type { AccountCompanyRide, CompanyMonth, CompanyRide } from '@limo/contracts/customers/companies';
import { monthLabel } from '@limo/contracts/common/business-time';
import { formatDate, formatMoney, formatTime } from '../../lib/format';
import { DataTable, type Column } from '../../ui/DataTable';
import { tierName, transfersLine } from './company-month';
import './company-month.css';

type Ride = CompanyRide & Partial<Pick<AccountCompanyRide, 'trackLink'>>;

/** The Track link follows the reference, so it shows without scrolling the table on a narrow page. */
const columns = (showTrack: boolean): Column<Ride>[] => [
  { header: 'Pickup', cell: (r) => `${formatDate(r.pickupDate)} ${formatTime(r.pickupTime)}` },
  { header: 'Reference', rowHeader: true, cell: (r) => r.reference },
  ...(showTrack ? [trackColumn] : []),
  { header: 'Booked by', cell: (r) => r.bookedBy },
  { header: 'Passenger', cell: (r) => `${r.passenger} · ${r.passengerPhone}` },
  { header: 'Route', cell: (r) => (r.dropoffLocation ? `${r.pickupLocation} → ${r.dropoffLocation}` : `${r.pickupLocation} (hourly)`) },
  { header: 'Vehicle', cell: (r) => r.vehicleName ?? '' },
  { header: 'Plan', cell: (r) => (r.onPlan ? <span className="badge badge-green">Transfer {formatMoney(r.planTransfer)}</span> : <span className="muted">Priced</span>) },
  { header: 'Extras', numeric: true, cell: (r) => formatMoney(r.extras) },
  { header: 'Amount', numeric: true, cell: (r) => `${formatMoney(r.finalAmount)}${r.settled ? '' : ' (quoted)'}` },
];

const trackColumn: Column<Ride> = {
  header: 'Live',
  cell: (r) =>
    r.trackLink ? (
      <a className="btn btn-outline btn-sm" href={r.trackLink} target="_blank" rel="noopener" aria-label={`Track ${r.reference}`}>
        Track
      </a>
    ) : (
      <span className="muted">{r.status === 'completed' ? 'Completed' : ''}</span>
    ),
};

/**
 * A company's month: the transfers (used, left, expired), its rides, and what is due. The admin
 * and a company admin see every ride (the company admin with a Track link each); a booker, theirs.
 */
export function CompanyMonthView({ month, showTrack = false, showTotals = true }: { month: CompanyMonth & { rides: Ride[] }; showTrack?: boolean; showTotals?: boolean }) {
  const t = month.transfers;
  return (
    <div className="company-month" data-testid="company-month">
      <dl className="company-figures">
        <div>
          <dt>Plan</dt>
          <dd>{tierName(t.tier)}</dd>
        </div>
        <div>
          <dt>Transfers</dt>
          <dd data-testid="company-transfers">{transfersLine(t)}</dd>
        </div>
        {showTotals && (
          <>
            <div>
              <dt>Plan fee</dt>
              <dd>{formatMoney(month.planFee)}</dd>
            </div>
            <div>
              <dt>Extras</dt>
              <dd>{formatMoney(month.extras)}</dd>
            </div>
            <div>
              <dt>Rides</dt>
              <dd>{formatMoney(month.ridesTotal)}</dd>
            </div>
            <div>
              <dt>Total due</dt>
              <dd data-testid="company-total-due">{formatMoney(month.totalDue)}</dd>
            </div>
          </>
        )}
      </dl>
      {month.rides.length === 0 ? (
        <p className="muted">No rides in {monthLabel(month.month)}.</p>
      ) : (
        <DataTable caption={`Rides of ${month.companyName} in ${monthLabel(month.month)}`} columns={columns(showTrack)} rows={month.rides} rowKey={(r) => r.bookingId} testId="company-rides" />
      )}
    </div>
  );
}
