import type { PriceQuote, TripType, Vehicle } from '@limo/contracts';
import { QuoteLines } from '../QuoteLines';
import { hoursLabel } from '../time-slots';

/** The first line's label: what the fare is for. */
export const fareLabel = (tripType: TripType, duration: number | null) =>
  tripType === 'hourly' ? `Hourly service (${hoursLabel(duration ?? 3)})` : 'One-way base fare';

/** Step 3: the itemised estimate from the shared pricing module (no validation to continue). */
export function PricingStep({ quote, tripType, duration, vehicle }: { quote: PriceQuote; tripType: TripType; duration: number; vehicle?: Vehicle }) {
  return (
    <div className="wizard-pricing">
      <QuoteLines quote={quote} fareLabel={fareLabel(tripType, duration)} vehicleName={vehicle?.name} totalLabel="Estimated Total" caption="Price estimate" />
      <p className="price-disclaimer">
        This is an estimate. Final pricing may vary with the route, wait time and any changes to your trip.
      </p>
    </div>
  );
}
