import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Booking, TripType, Vehicle } from '@limo/contracts';
import { ContactDetails, RideDetails } from './booking-contracts';
import { useToast } from '../lib/toast';
import { emptyContact, estimate, toBookingPayload, type ContactForm } from './booking-draft';
import { emptyRide, rideFromPrefill, rideInput, type RideForm } from './ride-form';
import { validate, type FieldErrors } from './form-errors';
import { clearPrefill, readPrefill } from './prefill';
import { useCreateBooking } from './use-create-booking';
import { STEP_TITLES, StepIndicator } from './StepIndicator';
import { ConfirmationStep } from './steps/ConfirmationStep';
import { ContactStep } from './steps/ContactStep';
import { PricingStep } from './steps/PricingStep';
import { RideDetailsStep } from './steps/RideDetailsStep';
import { ReserveNowStep } from './steps/ReserveNowStep';
import './booking.css';

export interface BookingWizardProps {
  /** Load the ride saved by the home page's quick form (?prefill=true) and open at step 2. */
  prefill?: boolean;
  defaultTripType?: TripType;
  /** Level of the step heading: 2 on its own page, 3 inside a page section that has an h2. */
  headingLevel?: 2 | 3;
}

const MESSAGES = {
  missingRide: { title: 'Missing Information', description: 'Please ensure all required fields are filled.' },
  missingContact: { title: 'Missing Contact Information', description: 'Please complete all contact details.' },
  failed: { title: 'Booking Failed', description: 'There was an error creating your booking. Please try again.' },
  created: { title: 'Booking Created Successfully!', description: 'Your reservation details have been saved.' },
} as const;

/**
 * The 5-step booking wizard: Ride Details, Contact Info, Pricing, Confirmation, Reserve Now.
 * Each step validates with the contract schemas the gateway uses, so the browser and the server
 * agree on every rule and message.
 */
export default function BookingWizard({ prefill = false, defaultTripType = 'one-way', headingLevel = 2 }: BookingWizardProps) {
  const idPrefix = `bw${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const toast = useToast();
  const [initial] = useState(() => {
    const saved = prefill ? readPrefill() : null;
    return { ride: saved ? rideFromPrefill(saved, emptyRide(defaultTripType)) : emptyRide(defaultTripType), step: saved ? 2 : 1 };
  });
  const [step, setStep] = useState(initial.step);
  const [ride, setRide] = useState<RideForm>(initial.ride);
  const [contact, setContact] = useState<ContactForm>(emptyContact);
  const [rideErrors, setRideErrors] = useState<FieldErrors>({});
  const [contactErrors, setContactErrors] = useState<FieldErrors>({});
  const [booking, setBooking] = useState<Booking | null>(null);
  const create = useCreateBooking();
  const vehicles = useQuery<Vehicle[]>({ queryKey: ['/api/vehicles'] });
  const vehicle = vehicles.data?.find((v) => v.id === 1);
  const quote = estimate(ride, contact);
  const heading = useRef<HTMLHeadingElement | null>(null);
  const moved = useRef(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (prefill) clearPrefill();
  }, [prefill]);

  // Move focus to the new step's heading so keyboard and screen-reader users follow along.
  useEffect(() => {
    if (!moved.current) return;
    heading.current?.focus({ preventScroll: true });
    const top = root.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) root.current?.scrollIntoView({ block: 'start' });
  }, [step]);

  const goTo = (next: number) => {
    moved.current = true;
    setStep(next);
  };

  const changeRide = <K extends keyof RideForm>(key: K, value: RideForm[K]) => {
    setRide((current) => ({ ...current, [key]: value }));
    setRideErrors((current) => ({ ...current, [key]: undefined }));
  };
  const changeContact = <K extends keyof ContactForm>(key: K, value: ContactForm[K]) => {
    setContact((current) => ({ ...current, [key]: value }));
    setContactErrors((current) => ({ ...current, [key]: undefined }));
  };

  const next = () => {
    if (step === 1) {
      const result = validate(RideDetails, rideInput(ride));
      if (!result.ok) return setRideErrors(result.errors);
      setRideErrors({});
    }
    if (step === 2) {
      const result = validate(ContactDetails, contact);
      if (!result.ok) return setContactErrors(result.errors);
      setContactErrors({});
    }
    goTo(step + 1);
  };

  const reserve = () => {
    const rideResult = validate(RideDetails, rideInput(ride));
    if (!rideResult.ok) {
      toast({ ...MESSAGES.missingRide, variant: 'destructive' });
      setRideErrors(rideResult.errors);
      return goTo(1);
    }
    const contactResult = validate(ContactDetails, contact);
    if (!contactResult.ok) {
      toast({ ...MESSAGES.missingContact, variant: 'destructive' });
      setContactErrors(contactResult.errors);
      return goTo(2);
    }
    create.mutate(toBookingPayload(rideResult.data, contactResult.data), {
      onSuccess: (saved) => {
        setBooking(saved);
        toast(MESSAGES.created);
        goTo(5);
      },
      onError: () => toast({ ...MESSAGES.failed, variant: 'destructive' }),
    });
  };

  const done = booking !== null && step === 5;
  return (
    <div className="booking-wizard" ref={root}>
      <StepIndicator step={step} locked={done} onSelect={goTo} />
      <div className="wizard-body">
        <StepHeading level={headingLevel} ref={heading}>
          {STEP_TITLES[step - 1]}
        </StepHeading>
        {step === 1 && <RideDetailsStep idPrefix={idPrefix} ride={ride} errors={rideErrors} onChange={changeRide} />}
        {step === 2 && <ContactStep idPrefix={idPrefix} contact={contact} errors={contactErrors} onChange={changeContact} />}
        {step === 3 && <PricingStep quote={quote} tripType={ride.tripType} duration={ride.duration} />}
        {step === 4 && <ConfirmationStep ride={ride} contact={contact} quote={quote} vehicle={vehicle} />}
        {step === 5 && booking && <ReserveNowStep booking={booking} />}
      </div>
      {!done && (
        <div className="wizard-actions">
          {step > 1 && (
            <button type="button" className="btn btn-outline" onClick={() => goTo(step - 1)} disabled={create.isPending}>
              Back
            </button>
          )}
          {step < 4 && (
            <button type="button" className="btn btn-primary" onClick={next}>
              Next
            </button>
          )}
          {step === 4 && (
            <button type="button" className="btn btn-gold" onClick={reserve} disabled={create.isPending}>
              {create.isPending ? 'Creating Booking...' : 'Proceed to Reserve'}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

function StepHeading({ level, ref, children }: { level: 2 | 3; ref: Ref<HTMLHeadingElement>; children: ReactNode }) {
  const Tag = level === 2 ? 'h2' : 'h3';
  return (
    <Tag className="wizard-step-heading" ref={ref} tabIndex={-1}>
      {children}
    </Tag>
  );
}
