import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigationType } from 'react-router-dom';
import type { TripType, Vehicle } from '@limo/contracts';
import { usePriceGuide, usePriceGuideReady } from '../lib/price-guide';
import { useSchemaForm } from '../lib/forms/use-schema-form';
import { useToast } from '../lib/toast';
import { useBookerCompany, useSignedInCustomer } from '../lib/customer-account';
import { forgetReferralCode, REFERRAL_BANNER, referralCode } from '../referral/referral-code';
import { benefitsClaimOf } from './benefit-lines';
import { companyClaimOf, companyOfBooking } from './company-booking';
import { bookingRefusalOf, type BookingRefusal } from './booking-refusal';
import { toBookingPayload } from './booking-draft';
import { quoteRequestOf } from './quote-request';
import { useQuote } from './use-quote';
import { defaultVehicle, vehiclesSeating } from './contracts-lite';
import { WIZARD_HOURS } from './contracts-lite';
import { hoursLabel, slotsOn } from './time-slots';
import { clearPrefill } from './prefill';
import { clearDraft, saveDraft, startingDraft } from './wizard-draft';
import { useWizardHistory } from './use-wizard-history';
import { useCreateBooking } from './use-create-booking';
import { STEP_TITLES, StepIndicator } from './StepIndicator';
import { ConfirmationStep } from './steps/ConfirmationStep';
import { ContactStep } from './steps/ContactStep';
import { PricingStep } from './steps/PricingStep';
import { RideDetailsStep } from './steps/RideDetailsStep';
import { ReserveNowStep } from './steps/ReserveNowStep';
import { RideSummary } from './RideSummary';
import { vehicleSwapNote, type VehicleSwap } from './VehicleChoice';
import './booking.css';

// The forms' schemas (and zod with them) load with the first check of a step, not with the page.
const loadRideSchema = () => import('./form-schemas').then((m) => m.RideFormSchema);
const loadContactSchema = () => import('./form-schemas').then((m) => m.ContactFormSchema);

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
  notPriced: { title: 'Price Not Ready', description: 'We are still pricing your ride. Please wait a moment and try again.' },
} as const;

/**
 * The 5-step booking wizard: Ride Details, Contact Info, Pricing, Confirmation, Reserve Now.
 * Each step validates with the contract schemas the gateway uses, so the browser and the server
 * agree on every rule and message. Each step is a history entry (useWizardHistory) and what is
 * entered is kept in the tab's session storage until the booking is made (wizard-draft).
 */
export default function BookingWizard({ prefill = false, defaultTripType = 'one-way', headingLevel = 2 }: BookingWizardProps) {
  // Drawn once the price guide has answered (a second at most): the return's discount and the
  // vehicle's minimum hours it names would otherwise arrive late and push the page down.
  usePriceGuideReady();
  const idPrefix = `bw${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const toast = useToast();
  const { pathname } = useLocation();
  const [initial] = useState(() => startingDraft(pathname, prefill, defaultTripType));
  const history = useWizardHistory(initial.step);
  const [reached, setReached] = useState(initial.draft.reached);
  const booking = history.booking;
  // An entry never shows a step the customer has not reached through Next (a draft removed since).
  const step = booking ? 5 : Math.min(history.step, reached, 4);
  // An entry that says a later step than it shows is corrected, so Back and Next count from what is shown.
  useEffect(() => {
    if (!booking && history.step !== step) history.go(step, { replace: true });
  }, [history.step, step]);
  const rideForm = useSchemaForm(loadRideSchema, initial.draft.ride);
  const contactForm = useSchemaForm(loadContactSchema, initial.draft.contact);
  const ride = rideForm.values;
  const contact = contactForm.values;
  const create = useCreateBooking();
  const [checking, setChecking] = useState(false);
  // Refer & Fly: the code of the link the visitor came by (/r/<code>), sent with the booking.
  const [referral, setReferral] = useState(referralCode);
  // What the review step shows of a refused booking it can act on (the code, benefits spent meanwhile).
  const [refusal, setRefusal] = useState<BookingRefusal | null>(null);
  // Null only once known to be signed out: a quote with benefits was priced for a session.
  const account = useSignedInCustomer().data;
  const signedIn = account !== null;
  // A booker may book for their company (issue 37): chosen on the contact step.
  const bookerCompany = useBookerCompany(Boolean(account)).data;
  const [forCompany, setForCompany] = useState(initial.draft.forCompany);
  const company = companyOfBooking(bookerCompany, forCompany);
  const queryClient = useQueryClient();
  const vehicles = useQuery<Vehicle[]>({ queryKey: ['/api/vehicles'] });
  const fleet = vehicles.data ?? [];
  const vehicle = fleet.find((v) => v.id === ride.vehicleId);
  const quote = useQuote(quoteRequestOf(ride, contact, company?.companyId));
  // A company booking is made with the booker's own email (the gateway refuses another).
  useEffect(() => {
    if (company && account && contact.email !== account.email) contactForm.set('email', account.email);
  }, [company?.companyId, account?.email, contact.email]);
  // The extras' prices and the return discount beside their choices (the quote prices the ride itself).
  const guide = usePriceGuide().data;
  // Said until the customer picks other hours: the ride is not what they asked for on the home page.
  const { requestedHours } = initial.draft;
  const raisedHours = requestedHours !== null && ride.tripType === 'hourly' && ride.duration === WIZARD_HOURS.min ? requestedHours : null;
  const heading = useRef<HTMLHeadingElement | null>(null);
  const shownStep = useRef(step);
  // Set by Proceed going back to step 1 for a ride the quote refuses: focus goes to the refusal.
  const refusalToShow = useRef(false);
  const root = useRef<HTMLDivElement>(null);
  const navigationType = useNavigationType();

  useEffect(() => {
    if (prefill) clearPrefill();
  }, [prefill]);

  // The draft is written whenever it changes (a ride handed over by the quick card at once: its
  // session entry is gone); a booking made removes it, and what is left on screen is not kept.
  const draft = JSON.stringify({ ride, contact, reached, requestedHours, forCompany });
  const written = useRef(initial.fromQuickCard ? '' : JSON.stringify(initial.draft));
  useEffect(() => {
    if (draft === written.current || booking) return;
    written.current = draft;
    saveDraft(pathname, draft);
  }, [draft]);
  // A refusal is of the booking as sent: not said once the ride or the contact details change, or step 4 is left.
  useEffect(() => setRefusal(null), [draft, step]);

  // A party or luggage the chosen vehicle cannot take (or a vehicle out of service) moves to
  // vehicle 1 if it fits, else the least expensive that does, and step 1 says so.
  const [swap, setSwap] = useState<VehicleSwap | null>(null);
  useEffect(() => {
    if (!vehicles.data || vehiclesSeating(vehicles.data, ride.passengers, ride.luggage).some((v) => v.id === ride.vehicleId)) return;
    const fitting = defaultVehicle(vehicles.data, ride.passengers, ride.luggage);
    if (!fitting) return;
    setSwap({ from: vehicles.data.find((v) => v.id === ride.vehicleId), to: fitting, passengers: ride.passengers, luggage: ride.luggage });
    rideForm.set('vehicleId', fitting.id);
  }, [vehicles.data, ride.passengers, ride.luggage, ride.vehicleId]);
  // Said until the customer picks a vehicle or changes the party or its luggage.
  const vehicleNote =
    swap && swap.to.id === ride.vehicleId && swap.passengers === ride.passengers && swap.luggage === ride.luggage ? vehicleSwapNote(swap) : undefined;

  // A time that is no longer offered on the chosen date (today, inside the lead time) is cleared.
  useEffect(() => {
    if (ride.pickupTime && !slotsOn(ride.pickupDate).some((slot) => slot.value === ride.pickupTime)) rideForm.set('pickupTime', '');
  }, [ride.pickupDate, ride.pickupTime]);

  useEffect(() => {
    const before = shownStep.current;
    if (before === step) return;
    shownStep.current = step;
    // Move focus to the new step's heading so keyboard and screen-reader users follow along; to the
    // quote's refusal when Proceed found the ride refused (so that is read out, not only the step).
    const toRefusal = refusalToShow.current;
    refusalToShow.current = false;
    if (!(toRefusal && showRefusal())) heading.current?.focus({ preventScroll: true });
    const top = root.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) root.current?.scrollIntoView({ block: 'start' });
    // The browser's Forward skips Next: the steps passed are checked again (one may have been
    // changed since), and the first that fails is shown instead, with its messages.
    if (navigationType === 'POP' && step > before && step < 5) void checkStepsBefore(step);
  }, [step]);

  const checkStepsBefore = async (target: number) => {
    if (target > 1 && !(await rideForm.validate())) history.go(1, { replace: true });
    else if (target > 2 && !(await contactForm.validate())) history.go(2, { replace: true });
  };

  const goTo = (target: number) => history.go(target);
  const advance = (target: number) => {
    setReached((furthest) => Math.max(furthest, target));
    history.go(target);
  };

  // The server refuses the ride as entered (a return before the outbound ends, or more than 30
  // days later): it cannot be booked, so step 1 stays, its message read out where it is shown.
  const refused = quote.problem !== undefined && !quote.problem.retry;
  const showRefusal = (): boolean => {
    const problem = root.current?.querySelector<HTMLElement>('[data-testid="return-problem"], [data-testid="quote-problem"]');
    problem?.focus();
    return Boolean(problem);
  };

  // Steps 1 and 2 go on once their form is valid and, for step 1, the ride can be priced; step 3 needs no validation.
  const next = () => {
    if (step === 1) void rideForm.submit(() => (refused ? void showRefusal() : advance(2)))();
    else if (step === 2) void contactForm.submit(() => advance(3))();
    else advance(step + 1);
  };

  // Both forms again before the booking call (a saved date may have passed since step 1): a
  // failure goes back to its step, where the messages show.
  const reserve = async () => {
    // The checks take a moment: a second press meanwhile must not send a second booking.
    setChecking(true);
    const [checkedRide, checkedContact] = await Promise.all([rideForm.validate(), contactForm.validate()]).finally(() => setChecking(false));
    if (!checkedRide) {
      toast({ ...MESSAGES.missingRide, variant: 'destructive' });
      return goTo(1);
    }
    if (!checkedContact) {
      toast({ ...MESSAGES.missingContact, variant: 'destructive' });
      return goTo(2);
    }
    // The figures shown are sent with the booking; the server prices it again and stores its own.
    // A ride the server refuses is not still being priced: back to step 1, where it says why (focused).
    if (refused) {
      refusalToShow.current = true;
      return goTo(1);
    }
    if (!quote.data) return toast({ ...MESSAGES.notPriced, variant: 'destructive' });
    // A company booking spends the company's transfers, never the booker's own free ride or credit.
    const benefits = company ? undefined : benefitsClaimOf(quote.data.quote, signedIn, quote.data.returnQuote);
    const claim = companyClaimOf(company, quote.data.quote, quote.data.returnQuote);
    const payload = {
      ...toBookingPayload(checkedRide, checkedContact, quote.data.quote),
      ...(benefits ? { benefits } : {}),
      ...(claim ? { company: claim } : {}),
      ...(referral ? { referralCode: referral } : {}),
    };
    setRefusal(null);
    create.mutate(payload, {
      onSuccess: (made) => {
        clearDraft(pathname);
        if (referral) forgetReferralCode();
        toast(MESSAGES.created);
        history.go(5, { booking: made });
      },
      onError: (error) => {
        const refused = bookingRefusalOf(error);
        if (!refused) return toast({ ...MESSAGES.failed, variant: 'destructive' });
        setRefusal(refused);
        if (refused.kind !== 'other') {
          // The free ride or credit is gone, or not the session's to spend: the ride is priced again.
          if (refused.kind === 'benefits') void queryClient.invalidateQueries({ queryKey: ['quote'] });
          return;
        }
        // The server's reason, not "try again" (which cannot work): under the fields it names, on
        // their step; the ride is priced again, so step 1 also says what the quote now refuses (a
        // pickup that has become too soon).
        toast({ title: MESSAGES.failed.title, description: refused.message, variant: 'destructive' });
        void queryClient.invalidateQueries({ queryKey: ['quote'] });
        if (rideForm.showErrors(refused.fields)) goTo(1);
        else if (contactForm.showErrors(refused.fields)) goTo(2);
      },
    });
  };

  const dropReferral = () => {
    forgetReferralCode();
    setReferral(undefined);
    setRefusal(null);
  };

  // Reaching step 4 before the ride's first price has come back (a quick customer, a slow line):
  // the button waits for it rather than refusing with "still pricing".
  const firstPriceComing = !quote.data && quote.updating;

  const done = booking !== null;
  return (
    <div className="booking-wizard" ref={root}>
      <StepIndicator step={step} locked={done} onSelect={goTo} />
      <div className="wizard-body">
        <StepHeading level={headingLevel} ref={heading}>
          {STEP_TITLES[step - 1]}
        </StepHeading>
        {raisedHours !== null && step < 5 && <MinimumHoursNote requested={raisedHours} onRideStep={step === 1} />}
        {referral && step < 5 && (
          <p className="wizard-note referral-banner" role="note" data-testid="referral-banner">
            {REFERRAL_BANNER}
          </p>
        )}
        {step === 1 && (
          <RideDetailsStep
            idPrefix={idPrefix}
            form={rideForm}
            vehicles={fleet}
            vehicleNote={vehicleNote}
            quote={quote}
            returnPercent={guide?.returnLegPercent}
            minimumHours={guide?.vehicles.find((v) => v.vehicleId === ride.vehicleId)?.minimumHours}
          />
        )}
        {step === 2 && (
          <>
            <RideSummary ride={ride} vehicle={vehicle} onChange={() => goTo(1)} />
            <ContactStep
              idPrefix={idPrefix}
              form={contactForm}
              extras={guide?.extras}
              company={bookerCompany ? { name: bookerCompany.companyName, chosen: forCompany, onChoose: setForCompany } : undefined}
            />
          </>
        )}
        {step === 3 && (
          <PricingStep quote={quote} tripType={ride.tripType} duration={ride.duration} vehicle={vehicle} onChangeRide={() => goTo(1)} companyName={company?.companyName} />
        )}
        {step === 4 && <ConfirmationStep ride={ride} contact={contact} quote={quote} vehicle={vehicle} onChangeRide={() => goTo(1)} companyName={company?.companyName} />}
        {step === 4 && refusal && <RefusalNote refusal={refusal} onDropReferral={dropReferral} />}
        {step === 5 && booking && <ReserveNowStep made={booking} vehicle={fleet.find((v) => v.id === booking.booking.vehicleId)} />}
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
            <button type="button" className="btn btn-gold" onClick={() => void reserve()} disabled={create.isPending || checking || firstPriceComing} aria-busy={firstPriceComing}>
              {create.isPending ? 'Creating Booking...' : firstPriceComing ? 'Pricing Your Ride...' : 'Proceed to Reserve'}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** A refused booking, with the server's reason: drop the referral code, look at the new price, or change what it names. */
function RefusalNote({ refusal, onDropReferral }: { refusal: BookingRefusal; onDropReferral: () => void }) {
  return (
    <div className="quote-problem" role="alert" data-testid="booking-refusal">
      <p>{refusal.message}</p>
      {refusal.kind === 'referral' && (
        <button type="button" className="btn btn-outline btn-sm" onClick={onDropReferral}>
          Book without the referral code
        </button>
      )}
    </div>
  );
}

function MinimumHoursNote({ requested, onRideStep }: { requested: number; onRideStep: boolean }) {
  return (
    <p className="wizard-note" role="note" data-testid="minimum-hours-note">
      Hourly service has a {WIZARD_HOURS.min}-hour minimum, so your ride is booked for {hoursLabel(WIZARD_HOURS.min)} (you chose{' '}
      {hoursLabel(requested)}).{!onRideStep && ' You can change the hours on step 1.'}
    </p>
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
