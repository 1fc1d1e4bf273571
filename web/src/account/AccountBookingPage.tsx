import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { roundTripLegFixed, type CustomerBookingView, type CustomerChangeQuote } from '@limo/contracts/booking/self-service';
import type { Vehicle } from '@limo/contracts';
import { WEB_PAGES } from '@limo/contracts/common/web-routes';
import { largestCapacity, largestLuggageCapacity } from '../booking/contracts-lite';
import { QuoteLines } from '../booking/QuoteLines';
import { Field, LuggageSelect, PassengersSelect, PickupTimeField } from '../booking/RideFields';
import { earliestPickup, slotsOn } from '../booking/time-slots';
import { fareLabel } from '../booking/steps/PricingStep';
import { apiJson, serverFieldErrors } from '../lib/api';
import { COMPANY } from '../lib/company';
import { formatMoney } from '../lib/format';
import { useDocumentMeta } from '../lib/use-document-title';
import { BookingSummary } from '../self-service/BookingSummary';
import { TextField } from '../ui/TextField';
import { AccountBookingLoader, accountBookingQuery } from './AccountBookingLoader';
import { changeFormOf, changeRequest, type ChangeForm } from './change-request';
import { Failure } from './SignInForm';
import './account.css';
import '../self-service/self-service.css';

/**
 * /account/booking?id=: one of the account's bookings, changed (the new price shown first, then
 * confirmed) or cancelled, within the rules the server applies (the cancel cutoff, the lead time,
 * a chauffeur assigned, a round trip's leg); its answers say why when it refuses.
 */
export default function AccountBookingPage() {
  useDocumentMeta('Your Booking', 'Change or cancel your booking.');
  // Cancelled on this page: the note that says so takes focus (the forms it replaces are gone).
  const [cancelledHere, setCancelledHere] = useState(false);
  return (
    <section className="account" aria-labelledby="account-booking-heading">
      <Link to={WEB_PAGES.account} className="account-back">
        ← Your Account
      </Link>
      <h1 id="account-booking-heading">Your Booking</h1>
      <AccountBookingLoader what="booking">
        {(booking, id) => (
          <>
            <div className="card">
              <BookingSummary booking={booking} />
            </div>
            {booking.canCancel ? (
              <>
                <ChangeBooking id={id} booking={booking} />
                <CancelBooking id={id} booking={booking} onCancelled={() => setCancelledHere(true)} />
              </>
            ) : booking.status === 'cancelled' ? (
              <CancelledNote focus={cancelledHere} />
            ) : (
              <p className="muted">This booking can no longer be changed or cancelled online (up to {booking.cancelCutoffHours} hours before pickup).</p>
            )}
          </>
        )}
      </AccountBookingLoader>
    </section>
  );
}

/** The change form's inputs, in the order they are shown. */
const FIELD_IDS = {
  pickupDate: 'change-date',
  pickupTime: 'change-time',
  pickupLocation: 'change-pickup',
  dropoffLocation: 'change-dropoff',
  passengers: 'change-passengers',
  luggage: 'change-luggage',
} as const;
type ShownField = keyof typeof FIELD_IDS;
/** What the server keeps of a round trip's leg (customer-change-rules.ts): the form does not offer them. */
const TIME_AND_PLACE = ['pickupDate', 'pickupTime', 'pickupLocation', 'dropoffLocation'] as const;

function ChangeBooking({ id, booking }: { id: string; booking: CustomerBookingView }) {
  const queries = useQueryClient();
  const [form, setForm] = useState<ChangeForm>(() => changeFormOf(booking));
  const [changed, setChanged] = useState(false);
  const vehicles = useQuery<Vehicle[]>({ queryKey: ['/api/vehicles'] });
  const setValue = (field: keyof ChangeForm, value: string) => {
    const next = { ...form, [field]: value };
    // As in the wizard: a time no longer offered on the new date (today, inside the lead time) is not kept.
    if (field === 'pickupDate' && !slotsOn(value).some((slot) => slot.value === next.pickupTime)) next.pickupTime = '';
    setForm(next);
    quote.reset();
  };
  const set = (field: keyof ChangeForm) => (event: { target: { value: string } }) => setValue(field, event.target.value);
  const quote = useMutation({ mutationFn: () => apiJson<CustomerChangeQuote>('POST', `/api/account/bookings/${id}/quote`, changeRequest(booking, form)) });
  const confirm = useMutation({
    mutationFn: () => apiJson<CustomerBookingView>('PATCH', `/api/account/bookings/${id}`, changeRequest(booking, form)),
    onSuccess: (view) => {
      setChanged(true);
      setForm(changeFormOf(view));
      quote.reset();
      queries.setQueryData(accountBookingQuery(id), view);
      void queries.invalidateQueries({ queryKey: ['/api/account/bookings'] });
    },
  });
  // What the server refused: under the fields it names, the first of them focused (so it is read
  // out); a rule of the ride as a whole, or a field the form does not show, above the button.
  const refusal = quote.isError ? quote.error : null;
  const fieldErrors = serverFieldErrors(refusal);
  const fieldError = (field: ShownField) => fieldErrors[field];
  // A round trip's leg keeps its time and places (the server refuses them): the form says so instead of offering them.
  const leg = booking.trip ?? null;
  const shown = (Object.keys(FIELD_IDS) as ShownField[])
    .filter((field) => field !== 'dropoffLocation' || booking.tripType === 'one-way')
    .filter((field) => !leg || !(TIME_AND_PLACE as readonly string[]).includes(field));
  const offered = (field: ShownField) => shown.includes(field);
  const refusedFields = Object.keys(fieldErrors);
  const allUnderFields = refusedFields.length > 0 && refusedFields.every((field) => (shown as string[]).includes(field));
  useEffect(() => {
    const first = shown.find((field) => fieldErrors[field]);
    if (first) document.getElementById(FIELD_IDS[first])?.focus();
  }, [refusal]);
  // The button pressed is disabled while it works, which drops focus: it goes to what the press
  // brought (the new price, then the note that the booking is changed, above the form and on a
  // phone off screen), so it is scrolled to and read out.
  const newPrice = useRef<HTMLHeadingElement>(null);
  const changedNote = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (quote.data) newPrice.current?.focus();
  }, [quote.data]);
  useEffect(() => {
    if (changed) changedNote.current?.focus();
  }, [changed]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChanged(false);
    confirm.reset();
    quote.mutate();
  };
  return (
    <div className="card">
      <h2>Change this booking</h2>
      <p className="muted">The ride is priced again from our rates. You see the new price before you confirm.</p>
      {leg && <p className="muted">{roundTripLegFixed(leg.reference, COMPANY.phone.display)}</p>}
      {changed && (
        <p className="account-status" role="status" tabIndex={-1} ref={changedNote}>
          Your booking is changed. The new total is {formatMoney(booking.price.total)}.
        </p>
      )}
      <form onSubmit={onSubmit} noValidate aria-busy={quote.isPending}>
        <div className="account-change-grid">
          {offered('pickupDate') && (
            <TextField id={FIELD_IDS.pickupDate} name="pickupDate" type="date" min={earliestPickup().date} label="Date" value={form.pickupDate} onChange={set('pickupDate')} error={fieldError('pickupDate')} required />
          )}
          {offered('pickupTime') && (
            <PickupTimeField id={FIELD_IDS.pickupTime} label="Pickup time" date={form.pickupDate} value={form.pickupTime} onChange={(value) => setValue('pickupTime', value)} error={fieldError('pickupTime')} />
          )}
          {offered('pickupLocation') && (
            <TextField id={FIELD_IDS.pickupLocation} name="pickupLocation" label="Pickup location" value={form.pickupLocation} onChange={set('pickupLocation')} error={fieldError('pickupLocation')} required />
          )}
          {offered('dropoffLocation') && (
            <TextField id={FIELD_IDS.dropoffLocation} name="dropoffLocation" label="Drop-off location" value={form.dropoffLocation} onChange={set('dropoffLocation')} error={fieldError('dropoffLocation')} required />
          )}
          {/* As the wizard offers them: up to what the largest vehicle in service takes. */}
          <Field id={FIELD_IDS.passengers} label="Passengers" error={fieldError('passengers')}>
            <PassengersSelect id={FIELD_IDS.passengers} value={Number(form.passengers)} max={largestCapacity(vehicles.data ?? [])} onChange={(value) => setValue('passengers', String(value))} error={fieldError('passengers')} />
          </Field>
          <Field id={FIELD_IDS.luggage} label="Luggage (suitcases)" error={fieldError('luggage')}>
            <LuggageSelect id={FIELD_IDS.luggage} value={Number(form.luggage)} max={largestLuggageCapacity(vehicles.data ?? [])} onChange={(value) => setValue('luggage', String(value))} error={fieldError('luggage')} />
          </Field>
          {vehicles.data && (
            <div className="field">
              <label htmlFor="change-vehicle">Vehicle</label>
              <select id="change-vehicle" name="vehicleId" value={form.vehicleId} onChange={set('vehicleId')}>
                {vehicles.data
                  .filter((vehicle) => vehicle.isActive || String(vehicle.id) === form.vehicleId)
                  .map((vehicle) => (
                    <option key={vehicle.id} value={vehicle.id}>
                      {vehicle.name}
                    </option>
                  ))}
              </select>
            </div>
          )}
        </div>
        {!allUnderFields && <Failure error={refusal} />}
        <button type="submit" className="btn btn-outline" disabled={quote.isPending}>
          {quote.isPending ? 'Pricing...' : 'See the New Price'}
        </button>
      </form>
      {quote.data && (
        <div className="account-new-price" aria-live="polite">
          <h3 tabIndex={-1} ref={newPrice}>
            New price: {formatMoney(quote.data.price.total)} <span className="muted">(was {formatMoney(quote.data.previous.total)})</span>
          </h3>
          <QuoteLines quote={quote.data.price} fareLabel={fareLabel(booking.tripType, booking.duration)} vehicleName={booking.vehicleName ?? undefined} totalLabel="New total" caption="The new price" testId="change-quote" />
          <Failure error={confirm.isError ? confirm.error : null} />
          <button type="button" className="btn btn-primary" onClick={() => confirm.mutate()} disabled={confirm.isPending}>
            {confirm.isPending ? 'Saving...' : `Confirm Change at ${formatMoney(quote.data.price.total)}`}
          </button>
        </div>
      )}
    </div>
  );
}

/** Said of a cancelled booking; focused (and so scrolled to and read out) when it was cancelled here. */
function CancelledNote({ focus }: { focus: boolean }) {
  const note = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus) note.current?.focus();
  }, [focus]);
  return (
    <div className="card">
      <p className="account-status" role="status" tabIndex={-1} ref={note}>
        This booking is cancelled.
      </p>
    </div>
  );
}

function CancelBooking({ id, booking, onCancelled }: { id: string; booking: CustomerBookingView; onCancelled(): void }) {
  const queries = useQueryClient();
  const [asked, setAsked] = useState<boolean | null>(null);
  // Each press replaces its button: Keep It (the safe answer) takes focus once asked, Cancel Booking again after it.
  const keep = useRef<HTMLButtonElement>(null);
  const ask = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asked !== null) (asked ? keep : ask).current?.focus();
  }, [asked]);
  const cancel = useMutation({
    mutationFn: () => apiJson<CustomerBookingView>('POST', `/api/account/bookings/${id}/cancel`, {}),
    onSuccess: (view) => {
      onCancelled();
      queries.setQueryData(accountBookingQuery(id), view);
      void queries.invalidateQueries({ queryKey: ['/api/account/bookings'] });
    },
  });
  return (
    <div className="card">
      <h2>Cancel this booking</h2>
      <p className="muted">Free of charge up to {booking.cancelCutoffHours} hours before pickup.</p>
      <Failure error={cancel.isError ? cancel.error : null} />
      {asked ? (
        <div className="account-actions">
          <button type="button" className="btn btn-primary" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling...' : `Yes, Cancel ${booking.reference}`}
          </button>
          <button type="button" className="btn btn-outline" onClick={() => setAsked(false)} ref={keep}>
            Keep It
          </button>
        </div>
      ) : (
        <button type="button" className="btn btn-outline" onClick={() => setAsked(true)} ref={ask}>
          Cancel Booking
        </button>
      )}
    </div>
  );
}
