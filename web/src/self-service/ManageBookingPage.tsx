import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatBusinessInstant } from '@limo/contracts/common/business-time';
import { ManageBookingDetails, type CustomerBookingView } from '@limo/contracts/booking/self-service';
import { apiJson, serverMessage } from '../lib/api';
import { COMPANY, companyPhoneHref } from '../lib/company';
import { useSchemaForm, type FormFields } from '../lib/forms/use-schema-form';
import { useDocumentMeta } from '../lib/use-document-title';
import { BookingSummary } from './BookingSummary';
import { otherLegName } from './TripLegs';
import './self-service.css';

type Lookup = ManageBookingDetails | { token: string };

const EMPTY = { reference: '', contact: '' };
const failure = (error: unknown) => serverMessage(error) ?? 'Something went wrong. Please try again.';

/**
 * /booking/manage: a customer finds their booking with its reference and email or phone (or
 * opens it from the signed link in their email, `?t=`), sees it, and cancels it before the cutoff.
 */
export default function ManageBookingPage() {
  useDocumentMeta('Manage Your Booking', `Look up or cancel your ${COMPANY.name} booking with its reference.`);
  const [params] = useSearchParams();
  const token = params.get('t');
  const form = useSchemaForm(ManageBookingDetails, EMPTY);
  const [key, setKey] = useState<Lookup | null>(null);
  const [confirming, setConfirming] = useState(false);
  const lookup = useMutation({ mutationFn: (body: Lookup) => apiJson<CustomerBookingView>('POST', '/api/bookings/lookup', body) });
  const cancel = useMutation({ mutationFn: (body: Lookup & { alsoOtherLeg: boolean }) => apiJson<CustomerBookingView>('POST', '/api/bookings/cancel', body) });
  const booking = cancel.data ?? lookup.data;

  const find = (body: Lookup) => {
    setKey(body);
    setConfirming(false);
    cancel.reset();
    lookup.mutate(body);
  };
  useEffect(() => {
    if (token) find({ token });
    // Once per link: the token is the page's input.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  // The form gives way to the booking: focus goes to its heading, so a keyboard or screen-reader
  // user is taken to what was found rather than left on a button that is gone.
  const heading = useRef<HTMLHeadingElement>(null);
  const found = booking && key ? booking.reference : null;
  useEffect(() => {
    if (found) heading.current?.focus();
  }, [found]);

  const onSubmit = (event: FormEvent) => form.submit(find)(event);
  // Looking up another booking: the form again, with focus in its first field.
  const [again, setAgain] = useState(false);
  useEffect(() => {
    if (again && !key) document.getElementById('manage-reference')?.focus();
  }, [again, key]);
  const startOver = () => {
    lookup.reset();
    cancel.reset();
    setKey(null);
    setAgain(true);
  };

  if (booking && key) {
    return (
      <section className="self-service" aria-labelledby="manage-heading">
        <div className="card self-service-card">
          <h1 id="manage-heading" ref={heading} tabIndex={-1}>
            Your Booking
          </h1>
          <BookingSummary booking={booking} />
          <CancelPanel
            booking={booking}
            confirming={confirming}
            pending={cancel.isPending}
            error={cancel.isError ? failure(cancel.error) : null}
            onAsk={() => setConfirming(true)}
            onKeep={() => setConfirming(false)}
            onCancel={(alsoOtherLeg) => cancel.mutate({ ...key, alsoOtherLeg })}
          />
          <button type="button" className="btn btn-outline self-service-again" onClick={startOver}>
            Look Up Another Booking
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="self-service" aria-labelledby="manage-heading">
      <div className="card self-service-card">
        <h1 id="manage-heading">Manage Your Booking</h1>
        <p className="muted">Enter the reference from your confirmation (for example LX-7K3Q9) and the email or phone number you booked with.</p>
        {lookup.isError && (
          <p className="self-service-message" role="alert">
            {failure(lookup.error)}
          </p>
        )}
        {token && lookup.isPending && <p className="muted">Opening your booking...</p>}
        <form ref={form.ref} onSubmit={onSubmit} noValidate aria-busy={lookup.isPending}>
          <DetailField form={form} name="reference" label="Booking reference" autoComplete="off" />
          <DetailField form={form} name="contact" label="Email or phone" autoComplete="email" />
          <button type="submit" className="btn btn-primary self-service-submit" disabled={lookup.isPending}>
            {lookup.isPending ? 'Looking Up...' : 'Find My Booking'}
          </button>
        </form>
        <p className="muted self-service-call">
          Questions? Call <a href={companyPhoneHref}>{COMPANY.phone.display}</a>.
        </p>
      </div>
    </section>
  );
}

interface DetailFieldProps {
  form: FormFields<ManageBookingDetails>;
  name: keyof ManageBookingDetails;
  label: string;
  autoComplete: string;
}

/** One required text field of the lookup form, with its message under it. */
function DetailField({ form, name, label, autoComplete }: DetailFieldProps) {
  const id = `manage-${name}`;
  const error = form.errors[name];
  return (
    <div className="field">
      <label htmlFor={id}>
        {label} <span className="required" aria-hidden="true">*</span>
      </label>
      <input
        id={id}
        name={name}
        autoComplete={autoComplete}
        required
        value={form.values[name]}
        onChange={(e) => form.set(name, e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

interface CancelPanelProps {
  booking: CustomerBookingView;
  confirming: boolean;
  pending: boolean;
  error: string | null;
  onAsk(): void;
  onKeep(): void;
  onCancel(alsoOtherLeg: boolean): void;
}

/**
 * Cancel online before the cutoff; after it, the number to call. A round trip's leg asks whether
 * the other leg goes too (when it can still be cancelled online).
 */
function CancelPanel({ booking, confirming, pending, error, onAsk, onKeep, onCancel }: CancelPanelProps) {
  // The button pressed gives way each time: focus follows to what replaced it (the question, the
  // Cancel Booking button again after Keep Booking, the cancelled note), never left on the page's body.
  const moved = useRef<HTMLElement | null>(null);
  const [asked, setAsked] = useState(false);
  const focusHere = (element: HTMLElement | null) => {
    moved.current = element;
  };
  useEffect(() => {
    if (asked) moved.current?.focus();
  }, [confirming, booking.status]);
  const ask = () => {
    setAsked(true);
    onAsk();
  };
  if (booking.status === 'cancelled') {
    return (
      <p className="self-service-note" role="status" tabIndex={-1} ref={focusHere}>
        This booking is cancelled.
      </p>
    );
  }
  if (booking.status === 'completed') return null;
  const askOtherLeg = Boolean(booking.trip?.other.canCancel);
  if (!booking.canCancel) {
    return (
      <p className="self-service-note">
        Online cancellation closes {booking.cancelCutoffHours} hours before pickup. To change or cancel this ride, please call{' '}
        <a href={companyPhoneHref}>{COMPANY.phone.display}</a>.
      </p>
    );
  }
  return (
    <div className="self-service-cancel">
      {error && (
        <p className="self-service-message" role="alert">
          {error}
        </p>
      )}
      <p className="muted">You can cancel online until {formatBusinessInstant(new Date(booking.cancelCutoffAt))}.</p>
      {confirming && askOtherLeg ? (
        <OtherLegChoice booking={booking} pending={pending} onCancel={onCancel} onKeep={onKeep} questionRef={focusHere} />
      ) : confirming ? (
        <div className="self-service-confirm" role="group" aria-label="Confirm cancellation">
          <p tabIndex={-1} ref={focusHere}>
            Cancel booking <span className="reference">{booking.reference}</span>?
          </p>
          <button type="button" className="btn btn-danger" onClick={() => onCancel(false)} disabled={pending}>
            {pending ? 'Cancelling...' : 'Yes, Cancel Booking'}
          </button>
          <button type="button" className="btn btn-outline" onClick={onKeep} disabled={pending}>
            Keep Booking
          </button>
        </div>
      ) : (
        <button type="button" className="btn btn-outline" onClick={ask} ref={focusHere}>
          Cancel Booking
        </button>
      )}
    </div>
  );
}

/** Cancelling one leg of a round trip: the other leg too, or this one alone (an outbound alone re-prices the return). */
function OtherLegChoice({
  booking,
  pending,
  onCancel,
  onKeep,
  questionRef,
}: Pick<CancelPanelProps, 'booking' | 'pending' | 'onCancel' | 'onKeep'> & { questionRef(element: HTMLElement | null): void }) {
  const trip = booking.trip!;
  const other = otherLegName(trip);
  return (
    <div className="self-service-confirm" role="group" aria-label="Confirm cancellation">
      <p tabIndex={-1} ref={questionRef}>
        Cancel the {trip.leg} ride <span className="reference">{booking.reference}</span>. Cancel the {other} too?
      </p>
      {trip.leg === 'outbound' && (
        <p className="muted self-service-confirm-note">If the return is kept, it is re-priced as a one-way ride, without the round-trip discount.</p>
      )}
      <button type="button" className="btn btn-danger" onClick={() => onCancel(true)} disabled={pending}>
        {pending ? 'Cancelling...' : 'Cancel Both Rides'}
      </button>
      <button type="button" className="btn btn-outline" onClick={() => onCancel(false)} disabled={pending}>
        Cancel the {trip.leg === 'outbound' ? 'Outbound' : 'Return'} Only
      </button>
      <button type="button" className="btn btn-outline" onClick={onKeep} disabled={pending}>
        Keep Booking
      </button>
    </div>
  );
}
