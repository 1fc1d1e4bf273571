import type { PriceQuote, TripType } from '@limo/contracts';
import { formatMoney } from '../format';
import { hoursLabel } from '../time-slots';

/** Step 3: the itemised estimate from the shared pricing module (no validation to continue). */
export function PricingStep({ quote, tripType, duration }: { quote: PriceQuote; tripType: TripType; duration: number }) {
  const rows: [string, string][] = [
    [tripType === 'hourly' ? `Hourly service (${hoursLabel(duration)})` : 'One-way base fare', quote.base],
  ];
  if (quote.meetGreet !== '0.00') rows.push(['Meet & Greet', quote.meetGreet]);
  if (quote.childSeats !== '0.00') rows.push(['Child safety seats', quote.childSeats]);
  rows.push(['Service fee (5%)', quote.serviceFee], ['Gratuity (15%)', quote.gratuity]);
  return (
    <div className="wizard-pricing">
      <table className="price-table">
        <caption className="visually-hidden">Price estimate</caption>
        <tbody>
          {rows.map(([label, amount]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{formatMoney(amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Estimated Total</th>
            <td data-testid="estimated-total">{formatMoney(quote.total)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="price-disclaimer">
        This is an estimate. Final pricing may vary with the route, wait time and any changes to your trip.
      </p>
    </div>
  );
}
