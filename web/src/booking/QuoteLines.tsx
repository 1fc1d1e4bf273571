import type { PriceQuote } from '@limo/contracts';
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
}

/**
 * An itemised quote, line by line as the pricing module makes it: fare, the vehicle's difference,
 * the offer and its saving, add-ons, service fee, gratuity and the total. The same lines on the
 * pricing, confirmation and Reserve Now steps, so the customer reads one quote throughout.
 */
export function QuoteLines({ quote, fareLabel, vehicleName, totalLabel, caption, testId }: QuoteLinesProps) {
  const rows: { label: string; amount: string; key: string }[] = [{ key: 'fare', label: fareLabel, amount: formatMoney(quote.fare) }];
  if (quote.vehicle !== '0.00') rows.push({ key: 'vehicle', label: vehicleName ?? 'Vehicle', amount: signed(quote.vehicle) });
  if (quote.offer) rows.push({ key: 'offer', label: quote.offer.name, amount: `−${formatMoney(quote.offer.saving)}` });
  if (quote.meetGreet !== '0.00') rows.push({ key: 'meet-greet', label: 'Meet & Greet', amount: formatMoney(quote.meetGreet) });
  if (quote.childSeats !== '0.00') rows.push({ key: 'child-seats', label: 'Child safety seats', amount: formatMoney(quote.childSeats) });
  rows.push(
    { key: 'service-fee', label: 'Service fee (5%)', amount: formatMoney(quote.serviceFee) },
    { key: 'gratuity', label: 'Gratuity (15%)', amount: formatMoney(quote.gratuity) },
  );
  return (
    <table className="price-table" data-testid={testId}>
      <caption className="visually-hidden">{caption}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} data-line={row.key} className={row.key === 'offer' ? 'price-offer' : undefined}>
            <th scope="row">{row.key === 'offer' ? <>Offer: {row.label}</> : row.label}</th>
            <td>{row.amount}</td>
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
  );
}

/** "+$77.37" or "−$12.00": a difference from vehicle 1's fare. */
export function signed(amount: string): string {
  return amount.startsWith('-') ? `−${formatMoney(amount.slice(1))}` : `+${formatMoney(amount)}`;
}
