import { ContactDetails, QuickRideDetails, RoundTripRideDetails } from './booking-contracts';
import { formSchema } from '../lib/forms/form-schema';
import type { ContactForm } from './booking-draft';
import type { RideForm } from './ride-form';
import { quickRideInput, wizardRideInput } from './ride-input';

/*
 * The booking forms' schemas: the contract schemas the gateway validates POST /api/bookings
 * with, read from what the fields hold. This module carries zod: the home page loads it only
 * once the quick card is used.
 */

/** Wizard step 1: the ride and, for a round trip, its return. */
export const RideFormSchema = formSchema(RoundTripRideDetails, wizardRideInput);

/** The home page's quick card (hours 1-12). */
export const QuickRideFormSchema = formSchema(QuickRideDetails, quickRideInput);

/** Wizard step 2: the fields are the contract's. */
export const ContactFormSchema = formSchema(ContactDetails, (contact: ContactForm) => contact);
