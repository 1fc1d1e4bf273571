import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { PriceQuote, QuoteRequestInput, QuoteResponse, RateTable, Vehicle } from '@limo/contracts';
import { addDays, businessToday } from '@limo/contracts/common/business-time';
import type { SchemaForm } from '../../lib/forms/use-schema-form';
import { apiJson, serverMessage } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import type { RatesFormValues } from './rates-form';

/** The sample ride's default ends: the site's own sample, LAX to Santa Monica. */
const SAMPLE = {
  pickup: 'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045',
  dropoff: 'Santa Monica Pier, 200 Santa Monica Pier, Santa Monica, CA 90401',
};
// Three days ahead at 9:00: no offer's conditions (advance booking, Executive Hour, late rides) are met.
const PICKUP = { days: 3, time: '09:00' };

function QuoteColumn({ title, quote }: { title: string; quote: PriceQuote }) {
  return (
    <div className="rates-quote">
      <h3>{title}</h3>
      <p className="rates-quote-total">{formatMoney(quote.total)}</p>
      {quote.pricedAs && <p className="muted small">{quote.pricedAs}</p>}
      <dl className="price-lines">
        {(quote.lines ?? []).map((line) => (
          <div key={line.code}>
            <dt>{line.label}</dt>
            <dd>{formatMoney(line.amount)}</dd>
          </div>
        ))}
      </dl>
      {quote.toBeConfirmed && <p className="muted small">{quote.toBeConfirmed}</p>}
    </div>
  );
}

/** What a sample ride costs with the table in force and with the changes on the page (POST /api/admin/rates/preview). */
export function RatePreview({ form, vehicles }: { form: SchemaForm<RatesFormValues, RateTable>; vehicles: readonly Vehicle[] }) {
  const id = useId();
  const [ride, setRide] = useState({ pickup: SAMPLE.pickup, dropoff: SAMPLE.dropoff, vehicleId: vehicles[0]?.id ?? 1, passengers: '2' });
  const preview = useMutation({
    mutationFn: (table: RateTable) => {
      const body: QuoteRequestInput = {
        tripType: 'one-way',
        pickupDate: addDays(businessToday(), PICKUP.days),
        pickupTime: PICKUP.time,
        pickupLocation: ride.pickup,
        dropoffLocation: ride.dropoff,
        passengers: Number(ride.passengers),
        vehicleId: ride.vehicleId,
      };
      return apiJson<{ before: QuoteResponse; after: QuoteResponse }>('POST', '/api/admin/rates/preview', { table, ride: body });
    },
  });
  const run = async () => {
    const table = await form.validate();
    if (table) preview.mutate(table);
  };
  const seats = vehicles.find((v) => v.id === ride.vehicleId)?.capacity ?? 1;

  return (
    <section className="card rates-preview" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        Preview a ride
      </h2>
      <p className="muted small">What a one-way ride costs now and with the changes above, before you save them.</p>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-pickup`}>Pickup</label>
          <input id={`${id}-pickup`} value={ride.pickup} onChange={(e) => setRide({ ...ride, pickup: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-dropoff`}>Drop-off</label>
          <input id={`${id}-dropoff`} value={ride.dropoff} onChange={(e) => setRide({ ...ride, dropoff: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-vehicle`}>Vehicle</label>
          <select id={`${id}-vehicle`} value={ride.vehicleId} onChange={(e) => setRide({ ...ride, vehicleId: Number(e.target.value) })}>
            {vehicles.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-passengers`}>Passengers</label>
          <input id={`${id}-passengers`} type="number" min={1} max={seats} inputMode="numeric" value={ride.passengers} onChange={(e) => setRide({ ...ride, passengers: e.target.value })} />
        </div>
      </div>
      <button type="button" className="btn btn-outline" onClick={() => void run()} disabled={preview.isPending}>
        {preview.isPending ? 'Pricing...' : 'Preview'}
      </button>
      <div aria-live="polite">
        {preview.isError && (
          <p className="inline-error" role="alert">
            {serverMessage(preview.error) ?? 'The ride could not be priced. Please try again.'}
          </p>
        )}
        {preview.data && (
          <div className="rates-compare">
            <QuoteColumn title="Now" quote={preview.data.before.quote} />
            <QuoteColumn title="With your changes" quote={preview.data.after.quote} />
          </div>
        )}
      </div>
    </section>
  );
}
