import type { TripType, Vehicle } from '@limo/contracts';
import { formatMoney } from '../format';
import { QuoteLines } from '../QuoteLines';
import { hoursLabel } from '../time-slots';
import type { QuoteState } from '../use-quote';

/** The first line's label for a quote of the spec's formula (bookings made before the rate table). */
export const fareLabel = (tripType: TripType, duration: number | null) =>
  tripType === 'hourly' ? `Hourly service (${hoursLabel(duration ?? 3)})` : 'One-way base fare';

export interface TripQuoteProps {
  quote: QuoteState;
  tripType: TripType;
  duration: number;
  vehicle?: Vehicle;
  /** Back to step 1, for a ride the server cannot price as entered. */
  onChangeRide?: () => void;
  /** A booker's company when the ride is booked for it (its plan's transfer line). */
  companyName?: string;
}

/**
 * The server's quote for the ride as entered: its lines and total, and for a round trip both legs
 * and what the trip costs together. While it is on its way, or when it failed, says so (never a
 * figure of its own).
 */
export function TripQuote({ quote, tripType, duration, vehicle, onChangeRide, companyName }: TripQuoteProps) {
  const { data } = quote;
  if (quote.problem) {
    return (
      <div className="quote-problem" role="alert" data-testid="quote-problem">
        <p>{quote.problem.message}</p>
        {quote.problem.retry || !onChangeRide ? (
          <button type="button" className="btn btn-outline btn-sm" onClick={quote.retry}>
            Try again
          </button>
        ) : (
          <button type="button" className="btn btn-outline btn-sm" onClick={onChangeRide}>
            Change the ride
          </button>
        )}
      </div>
    );
  }
  if (quote.waiting) {
    return (
      <div className="quote-problem" role="alert" data-testid="quote-problem">
        <p>Your ride needs its date, time and route before it can be priced.</p>
        {onChangeRide && (
          <button type="button" className="btn btn-outline btn-sm" onClick={onChangeRide}>
            Change the ride
          </button>
        )}
      </div>
    );
  }
  if (!data) {
    return (
      <p className="quote-pending" role="status">
        Pricing your ride…
      </p>
    );
  }
  const lines = (label: string, caption: string, legQuote: typeof data.quote, testId?: string) => (
    <QuoteLines quote={legQuote} fareLabel={fareLabel(tripType, duration)} vehicleName={vehicle?.name} totalLabel={label} caption={caption} testId={testId} companyName={companyName} />
  );
  return (
    <div className={`trip-quote${quote.updating ? ' updating' : ''}`} aria-busy={quote.updating}>
      {data.returnQuote ? (
        <>
          <h4 className="quote-leg">Outbound</h4>
          {lines('Outbound total', 'Outbound price', data.quote, 'outbound-quote')}
          <h4 className="quote-leg">Return</h4>
          {lines('Return total', 'Return price', data.returnQuote, 'return-quote')}
          <p className="trip-total">
            Round trip total: <strong data-testid="trip-total">{formatMoney(data.tripTotal)}</strong>
          </p>
        </>
      ) : (
        lines('Total', 'Price', data.quote, 'ride-quote')
      )}
    </div>
  );
}

/** Step 3: the server's itemised price for the ride (no validation to continue). */
export function PricingStep(props: TripQuoteProps) {
  return (
    <div className="wizard-pricing">
      <TripQuote {...props} />
      <p className="price-disclaimer">
        Prices come from our published rates and include the service fee and gratuity. Extra waiting time, stops added later or other
        changes to the trip may change the price.
      </p>
    </div>
  );
}
