import { Link } from 'react-router-dom';
import { formatBusinessInstant } from '@limo/contracts/common/business-time';
import { EXTRA_LABELS } from '@limo/contracts/booking/settlement';
import type { CustomerBookingView } from '@limo/contracts/booking/self-service';
import { WEB_PAGES } from '@limo/contracts/common/web-routes';
import { QuoteLines } from '../booking/QuoteLines';
import { fareLabel } from '../booking/steps/PricingStep';
import { COMPANY } from '../lib/company';
import { formatMoney } from '../lib/format';
import { useDocumentMeta } from '../lib/use-document-title';
import { SummaryRows } from '../self-service/SummaryRows';
import { AccountBookingLoader, useAccountBooking } from './AccountBookingLoader';
import './account.css';
import '../self-service/self-service.css';

/**
 * /account/receipt?id=: a ride's receipt, printable: the ride, the quote line by line and, once the
 * ride was settled and reviewed, the final amount with the waiting charged and each extra (the
 * receipt email's lines).
 */
export default function ReceiptPage() {
  useDocumentMeta('Receipt', `Your ${COMPANY.name} receipt.`);
  // Print only once there is a receipt: not beside "not found", "please sign in" or "loading".
  const printable = Boolean(useAccountBooking().booking.data);
  return (
    <section className="account" aria-labelledby="receipt-heading">
      <Link to={WEB_PAGES.account} className="account-back no-print">
        ← Your Account
      </Link>
      <div className="account-head">
        <h1 id="receipt-heading">Receipt</h1>
        {printable && (
          <button type="button" className="btn btn-outline no-print" onClick={() => window.print()}>
            Print
          </button>
        )}
      </div>
      <AccountBookingLoader what="receipt">{(booking) => <Receipt booking={booking} />}</AccountBookingLoader>
    </section>
  );
}

function Receipt({ booking }: { booking: CustomerBookingView }) {
  const { settlement } = booking;
  const rows: [string, string][] = [
    ['Reference', booking.reference],
    ['Date', formatBusinessInstant(new Date(booking.pickupAt))],
    ['From', booking.pickupLocation],
    booking.tripType === 'hourly' ? ['Duration', `${booking.duration ?? 3} hours`] : ['To', booking.dropoffLocation ?? ''],
    ['Passenger', `${booking.firstName} ${booking.lastName}`],
  ];
  if (booking.vehicleName) rows.push(['Vehicle', booking.vehicleName]);
  if (booking.chauffeurFirstName) rows.push(['Chauffeur', booking.chauffeurFirstName]);
  return (
    <div className="card receipt">
      <p className="receipt-company">
        {COMPANY.name} · {COMPANY.phone.display}
      </p>
      <SummaryRows rows={rows} />
      <h2 className="booking-summary-title">{settlement ? 'Fare as quoted' : 'Your quote'}</h2>
      <QuoteLines quote={booking.price} fareLabel={fareLabel(booking.tripType, booking.duration)} vehicleName={booking.vehicleName ?? undefined} totalLabel="Total" caption="The quote" testId="receipt-quote" />
      {settlement ? (
        <>
          <h2 className="booking-summary-title">Final price</h2>
          <table className="price-table" data-testid="receipt-final">
            <caption className="visually-hidden">The final price</caption>
            <tbody>
              <tr>
                <th scope="row">Fare as quoted</th>
                <td>{formatMoney(settlement.quote)}</td>
              </tr>
              {settlement.wait !== '0.00' && (
                <tr>
                  <th scope="row">Waiting charge</th>
                  <td>{formatMoney(settlement.wait)}</td>
                </tr>
              )}
              {settlement.extras.map((extra, i) => (
                <tr key={i}>
                  <th scope="row">{extra.note ? `${EXTRA_LABELS[extra.kind]} (${extra.note})` : EXTRA_LABELS[extra.kind]}</th>
                  <td>{formatMoney(extra.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Final amount</th>
                <td data-testid="receipt-final-amount">{formatMoney(settlement.finalAmount)}</td>
              </tr>
            </tfoot>
          </table>
        </>
      ) : (
        <p className="muted">{booking.status === 'completed' ? 'The final price is being reviewed; this receipt shows the quote until then.' : 'This ride has not been completed: this receipt shows the quote.'}</p>
      )}
    </div>
  );
}
