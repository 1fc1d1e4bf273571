import { ContactDetails, QuickRideDetails, RideDetails } from './booking-contracts';
import { formSchema } from '../lib/forms/form-schema';
import type { ContactForm } from './booking-draft';
import type { RideForm } from './ride-form';
import { quickRideInput, rideInput } from './ride-input';

/*
 * The booking forms' schemas: the contract schemas the gateway validates POST /api/bookings
 * with, read from what the fields hold. This module carries zod: the home page loads it only
 * once the quick card is used.
 */

/** Wizard step 1. */
export const RideFormSchema = formSchema(RideDetails, rideInput);

/** The home page's quick card (hours 1-12). */
export const QuickRideFormSchema = formSchema(QuickRideDetails, quickRideInput);

/** Wizard step 2: the fields are the contract's. */
export const ContactFormSchema = formSchema(ContactDetails, (contact: ContactForm) => contact);
