import { useState, type ComponentType, type FormEvent } from 'react';
import type { FormFields } from '../lib/forms/use-schema-form';
import { QuickRideFields } from './QuickRideFields';
import { emptyRide, type RideForm } from './ride-form';
import './booking.css';

type QuickBookingFormType = ComponentType<{ heading: string; initial: RideForm }>;

/**
 * The checking half of the card (react-hook-form, zod and the contract schemas) loads on first
 * use, not with the home page: most visitors never touch the form, and every one of them
 * downloads the page.
 */
const loadForm = () => import('./QuickBookingForm');

/** What the fields hold before the first submit: plain values, and no messages to show yet. */
function useDraft(initial: RideForm): FormFields<RideForm> {
  const [values, setValues] = useState(initial);
  return { values, errors: {}, set: (name, value) => setValues((current) => ({ ...current, [name]: value })), ref: () => {} };
}

/**
 * The home page's quick booking card. Until it is first submitted it only keeps what is typed;
 * the submit then hands the values to QuickBookingForm, which checks them (and from then on
 * keeps the form) and continues to the wizard. Focusing a field starts loading it, so it is
 * there by the time Continue Booking is pressed.
 */
export default function QuickBookingCard({ heading = 'Book Your Ride' }: { heading?: string }) {
  const draft = useDraft(emptyRide('one-way', 3));
  const [CheckedForm, setCheckedForm] = useState<QuickBookingFormType | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    loadForm()
      .then((module) => setCheckedForm(() => module.default))
      .catch((error: unknown) => console.warn('Could not load the booking form', error));
  };

  if (CheckedForm) return <CheckedForm heading={heading} initial={draft.values} />;
  return <QuickRideFields heading={heading} form={draft} onSubmit={submit} onFocusCapture={() => void loadForm().catch(() => {})} />;
}
