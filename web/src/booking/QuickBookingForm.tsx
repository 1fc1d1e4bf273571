import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { QuickRideDetails } from '@limo/contracts';
import { useSchemaForm } from '../lib/forms/use-schema-form';
import { QuickRideFormSchema } from './form-schemas';
import { savePrefill } from './prefill';
import { QuickRideFields } from './QuickRideFields';
import type { RideForm } from './ride-form';

/**
 * The quick card once it has been submitted: the same fields on useSchemaForm, checked with the
 * QuickRideDetails contract. A valid ride is handed to the wizard through session storage; the
 * wizard then opens at step 2.
 */
export default function QuickBookingForm({ heading, initial }: { heading: string; initial: RideForm }) {
  const navigate = useNavigate();
  const form = useSchemaForm(QuickRideFormSchema, initial);
  const continueBooking = (ride: QuickRideDetails) => {
    savePrefill(ride);
    navigate('/booking?prefill=true');
  };

  // This form appears in answer to a press of Continue Booking: that press is its first submit.
  const submittedOnMount = useRef(false);
  useEffect(() => {
    if (submittedOnMount.current) return; // React's development double run
    submittedOnMount.current = true;
    void form.submit(continueBooking)();
  }, []);

  return <QuickRideFields heading={heading} form={form} onSubmit={form.submit(continueBooking)} />;
}
