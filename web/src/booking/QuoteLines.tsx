import type { PriceQuote } from '@limo/contracts';
import { benefitLines } from './benefit-lines';
import { formatMoney } from './format';
import './quote-lines.css';

export interface QuoteLinesProps {
  quote: PriceQuote;
  /** First line's label: 'One-way base fare' or 'Hourly service (3 hours)'. */
  fareLabel: string;
  vehicleName?: string;
  totalLabel: string;
  caption: string;
  testId?: string;
  /** A booker's company, naming the plan's transfer line. */
  companyName?: string;
}

interface Row {
  label: string;
  amount: string;
  key: string;
}

/**
 * An itemised quote, line by line as the server made it: for a quote from the rate table its own
 * lines (the fare and how it was priced, the airport surcharge, extras, the offer or return
 * discount) and the total with the service fee and gratuity it includes; for a quote of the spec's
 * formula (bookings made before the table) fare, vehicle, offer, add-ons, fee and gratuity. The
 * same lines on the pricing, confirmation and Reserve Now steps and the manage page. A signed-in
 * customer's free ride and credit follow the lines, taken off before the total.
 */
export function QuoteLines({ quote, fareLabel, vehicleName, totalLabel, caption, testId, companyName }: QuoteLinesProps) {
  const rows = quote.lines ? tableRows(quote) : formulaRows(quote, fareLabel, vehicleName);
  const taken = benefitLines(quote, companyName);
  return (
    <>
      <table className="price-table" data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-line={row.key} className={row.key === 'offer' || row.key === 'return-discount' ? 'price-offer' : undefined}>
              <th scope="row">{row.key === 'offer' ? <>Offer: {row.label}</> : row.label}</th>
              <td>{row.amount}</td>
            </tr>
          ))}
          {taken.map((line) => (
            <tr key={line.key} data-line={line.key} className="price-offer price-benefit">
              <th scope="row">{line.label}</th>
              <td>{line.amount}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-line="total">
            <th scope="row">{totalLabel}</th>
            <td data-testid="estimated-total">{formatMoney(quote.total)}</td>
          </tr>
        </tfoot>
      </table>
      {quote.lines && (
        <p className="price-includes" data-testid={testId ? `${testId}-includes` : undefined}>
          {taken.length > 0 ? `The ride's price before ${quote.planTransfer ? 'the transfer' : 'your free ride and credit'} includes` : 'Includes'} the service fee ({formatMoney(quote.serviceFee)}) and
          gratuity ({formatMoney(quote.gratuity)}).
        </p>
      )}
      {quote.benefitsNote && (
        <p className="price-benefits-note" role="note" data-testid="benefits-note">
          {quote.benefitsNote}
        </p>
      )}
      {quote.planNote && (
        <p className="price-benefits-note" role="note" data-testid="plan-note">
          {quote.planNote}
        </p>
      )}
      {quote.toBeConfirmed && (
        <p className="price-to-confirm" role="note">
          {quote.toBeConfirmed}
        </p>
      )}
    </>
  );
}

function tableRows(quote: PriceQuote): Row[] {
  return (quote.lines ?? []).map((line) => ({ key: line.code, label: line.label, amount: amountOf(line.amount) }));
}

/** "$10.00", or "−$14.00" for a saving. */
const amountOf = (amount: string) => (amount.startsWith('-') ? `−${formatMoney(amount.slice(1))}` : formatMoney(amount));

function formulaRows(quote: PriceQuote, fareLabel: string, vehicleName?: string): Row[] {
  const rows: Row[] = [{ key: 'fare', label: fareLabel, amount: formatMoney(quote.fare) }];
  if (quote.vehicle !== '0.00') rows.push({ key: 'vehicle', label: vehicleName ?? 'Vehicle', amount: signed(quote.vehicle) });
  if (quote.offer) rows.push({ key: 'offer', label: quote.offer.name, amount: `−${formatMoney(quote.offer.saving)}` });
  if (quote.meetGreet !== '0.00') rows.push({ key: 'meet-greet', label: 'Meet & Greet', amount: formatMoney(quote.meetGreet) });
  if (quote.childSeats !== '0.00') rows.push({ key: 'child-seats', label: 'Child safety seats', amount: formatMoney(quote.childSeats) });
  rows.push(
    { key: 'service-fee', label: 'Service fee (5%)', amount: formatMoney(quote.serviceFee) },
    { key: 'gratuity', label: 'Gratuity (15%)', amount: formatMoney(quote.gratuity) },
  );
  return rows;
}

/** "+$77.37" or "−$12.00": a difference from vehicle 1's fare. */
function signed(amount: string): string {
  return amount.startsWith('-') ? `−${formatMoney(amount.slice(1))}` : `+${formatMoney(amount)}`;
}
