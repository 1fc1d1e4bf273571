import { bagsText, EXTRA_LABELS, flightText, type BookingSnapshot, type MessageKind, type PriceQuote, type Settlement } from '@limo/contracts';
import { COMPANY } from '@limo/contracts/common/company';
import { htmlEmail, textEmail, type Block, type ComposedMessage } from './message-layout.js';
import { pickupText } from './pickup-text.js';
import type { RideChange } from './ride-changes.js';

/** The chauffeur as the customer meets them: first name only, and the car. */
export interface Chauffeur {
  firstName: string;
  vehicle: string;
}

/** What a message is written from: the booking as its event carried it, and what the kind needs. */
export interface MessageFacts {
  booking: BookingSnapshot;
  /** The booked vehicle's name (the confirmations and the update name it). */
  vehicle?: string;
  chauffeur?: Chauffeur;
  /** What changed in the ride (the update message). */
  changes?: RideChange[];
  /** Signed links into the self-service pages. */
  links?: { manage?: string; track?: string };
  /** The reviewed final price (the receipt), and whether it corrects one sent before. */
  receipt?: { settlement: Settlement; corrected: boolean; wait?: { minutes: number; freeMinutes: number; chargedMinutes: number } | null };
}

const dollars = (amount: string) => `$${amount}`;

/** The quote as the booking event carries it (events written before the offer lines lack them). */
type EventQuote = Omit<PriceQuote, 'fare' | 'vehicle' | 'offer'> & Partial<Pick<PriceQuote, 'fare' | 'vehicle' | 'offer'>>;

/** The same lines as the web app's quote: fare, the vehicle's difference, the offer with its saving, add-ons, fee, gratuity, total. */
function quoteRows(price: EventQuote | undefined, total: string): [string, string][] {
  if (!price) return [['Total', dollars(total)]];
  // A quote from the rate table: its lines as the customer saw them, the total with what it includes.
  if (price.lines) {
    const amount = (a: string) => (a.startsWith('-') ? `-${dollars(a.slice(1))}` : dollars(a));
    return [
      ...price.lines.map((line): [string, string] => [line.label, amount(line.amount)]),
      ['Total', dollars(price.total)],
      ['Included', `service fee ${dollars(price.serviceFee)}, gratuity ${dollars(price.gratuity)}`],
      ...(price.toBeConfirmed ? [['To be confirmed', price.toBeConfirmed] as [string, string]] : []),
    ];
  }
  const rows: [string, string][] = [];
  if (price.fare === undefined) rows.push(['Base fare', dollars(price.base)]);
  else {
    rows.push(['Fare', dollars(price.fare)]);
    if (price.vehicle && price.vehicle !== '0.00') rows.push(['Vehicle', price.vehicle.startsWith('-') ? `-${dollars(price.vehicle.slice(1))}` : `+${dollars(price.vehicle)}`]);
    if (price.offer) rows.push([`Offer: ${price.offer.name}`, `-${dollars(price.offer.saving)}`]);
  }
  if (price.meetGreet !== '0.00') rows.push(['Meet & Greet', dollars(price.meetGreet)]);
  if (price.childSeats !== '0.00') rows.push(['Child safety seats', dollars(price.childSeats)]);
  rows.push(['Service fee', dollars(price.serviceFee)], ['Gratuity', dollars(price.gratuity)], ['Total', dollars(price.total)]);
  return rows;
}

/** The receipt's lines: the quote as booked, the wait measured and charged, each extra, the final amount. */
function receiptRows({ settlement, wait }: NonNullable<MessageFacts['receipt']>): [string, string][] {
  const rows: [string, string][] = [['Fare as quoted', dollars(settlement.quote)]];
  if (wait) rows.push(['Waiting measured', `${wait.minutes} min (${wait.freeMinutes} free, ${wait.chargedMinutes} charged)`]);
  if (settlement.wait !== '0.00' || wait) rows.push(['Waiting charge', dollars(settlement.wait)]);
  for (const extra of settlement.extras) rows.push([extra.note ? `${EXTRA_LABELS[extra.kind]} (${extra.note})` : EXTRA_LABELS[extra.kind], dollars(extra.amount)]);
  rows.push(['Final amount', dollars(settlement.finalAmount)]);
  return rows;
}

/** A round trip's leg in words: 'outbound leg of round trip RT-7K3Q9'; null for a single ride. */
function tripLegText(booking: BookingSnapshot): string | null {
  return booking.tripReference && booking.tripLeg ? `${booking.tripLeg} leg of round trip ${booking.tripReference}` : null;
}

const tripRows = (booking: BookingSnapshot): [string, string][] => {
  const leg = tripLegText(booking);
  return leg ? [['Round trip', `${booking.tripReference}, ${booking.tripLeg} leg`]] : [];
};

/** The ride: reference (and its round trip), when, where, and (when known) the vehicle and the party's size. */
function rideRows(booking: BookingSnapshot, vehicle?: string): [string, string][] {
  const rows: [string, string][] = [
    ['Reference', booking.reference],
    ...tripRows(booking),
    ['Pickup', pickupText(booking)],
    ['From', booking.pickupLocation],
  ];
  if (booking.tripType === 'hourly') rows.push(['Duration', `${booking.duration ?? 3} hours`]);
  else if (booking.dropoffLocation) rows.push(['To', booking.dropoffLocation]);
  if (vehicle) rows.push(['Vehicle', vehicle]);
  if (booking.passengers != null) rows.push(['Passengers', String(booking.passengers)]);
  if (booking.luggage) rows.push(['Luggage', bagsText(booking.luggage)]);
  const flight = flightText(booking);
  if (flight) rows.push(['Flight', flight]);
  return rows;
}

const passengersSms = (booking: BookingSnapshot) => (booking.passengers != null ? `, ${booking.passengers} passenger${booking.passengers === 1 ? '' : 's'}` : '');

/** The messages about a booking, to its customer. */
export type BookingMessageKind = Exclude<MessageKind, 'driver-already-registered' | 'company-statement'>;

interface Draft {
  subject: string;
  title: string;
  blocks: Block[];
  sms: string;
}

const drafts: Record<BookingMessageKind, (facts: MessageFacts) => Draft> = {
  'booking-received': ({ booking, vehicle, links }) => ({
    subject: `Booking ${booking.reference} received`,
    title: 'We have your booking',
    blocks: [
      { paragraph: `Thank you for choosing ${COMPANY.name}. Your reference is ${booking.reference}: please quote it when you call.` },
      { rows: rideRows(booking, vehicle) },
      { rows: quoteRows(booking.price, booking.totalAmount) },
      { paragraph: `Payment is arranged by phone: call ${COMPANY.phone.display} to pay by card or a payment app. We confirm your chauffeur once the ride is assigned.` },
      ...(links?.manage ? [{ link: { label: 'View or cancel your booking', href: links.manage } }] : []),
    ],
    sms: `${COMPANY.name}: booking ${booking.reference} received for ${pickupText(booking)}${vehicle ? `, ${vehicle}` : ''}${passengersSms(booking)}. Total ${dollars(booking.totalAmount)}. Call ${COMPANY.phone.display} to pay.`,
  }),
  'booking-confirmed': ({ booking, chauffeur, links }) => ({
    subject: `Booking ${booking.reference} confirmed`,
    title: 'Your ride is confirmed',
    blocks: [
      { paragraph: `${chauffeur?.firstName ?? 'Your chauffeur'} will drive you in the ${chauffeur?.vehicle ?? 'vehicle you booked'}.` },
      { rows: rideRows(booking, chauffeur?.vehicle) },
      ...(links?.manage ? [{ link: { label: 'View your booking', href: links.manage } }] : []),
    ],
    sms: `${COMPANY.name}: ${booking.reference} confirmed for ${pickupText(booking)}. Chauffeur ${chauffeur?.firstName ?? ''}, ${chauffeur?.vehicle ?? ''}${passengersSms(booking)}.`.replace(' , .', '.'),
  }),
  'booking-updated': ({ booking, vehicle, changes = [], links }) => ({
    subject: `Booking ${booking.reference} updated`,
    title: 'Your booking has changed',
    blocks: [
      { paragraph: `Your booking ${booking.reference} has been updated. What changed:` },
      { rows: changes.map((c): [string, string] => [c.label, `${c.after} (was ${c.before})`]) },
      { paragraph: 'Your ride as it now stands:' },
      { rows: rideRows(booking, vehicle) },
      { paragraph: `Not what you expected? Call ${COMPANY.phone.display}.` },
      ...(links?.manage ? [{ link: { label: 'View your booking', href: links.manage } }] : []),
    ],
    sms: `${COMPANY.name}: booking ${booking.reference} updated. ${changes.map((c) => `${c.label}: ${c.after}`).join('; ')}. Questions: ${COMPANY.phone.display}.`,
  }),
  'pickup-reminder': ({ booking, links }) => ({
    subject: `Reminder: your ride ${booking.reference} is tomorrow`,
    title: 'See you soon',
    blocks: [
      { paragraph: `A reminder of your ride with ${COMPANY.name}.` },
      { rows: rideRows(booking) },
      { paragraph: `Need to change something? Call ${COMPANY.phone.display}.` },
      ...(links?.manage ? [{ link: { label: 'View your booking', href: links.manage } }] : []),
    ],
    sms: `${COMPANY.name}: reminder, ride ${booking.reference} at ${pickupText(booking)} from ${booking.pickupLocation}.`,
  }),
  'chauffeur-on-the-way': ({ booking, chauffeur, links }) => ({
    subject: `Your chauffeur is on the way (${booking.reference})`,
    title: 'Your chauffeur is on the way',
    blocks: [
      { paragraph: `${chauffeur?.firstName ?? 'Your chauffeur'} is on the way to ${booking.pickupLocation}${chauffeur ? ` in the ${chauffeur.vehicle}` : ''}.` },
      ...(links?.track ? [{ link: { label: 'Follow your chauffeur', href: links.track } }] : []),
      { rows: rideRows(booking) },
    ],
    sms: `${COMPANY.name}: ${chauffeur?.firstName ?? 'your chauffeur'} is on the way (${booking.reference}).${links?.track ? ` Track: ${links.track}` : ''}`,
  }),
  'ride-receipt': ({ booking, receipt }) => ({
    subject: `${receipt?.corrected ? 'Corrected receipt' : 'Receipt'} for your ride ${booking.reference}`,
    title: receipt?.corrected ? 'Your corrected receipt' : 'Your receipt',
    blocks: [
      { paragraph: `Thank you for riding with ${COMPANY.name}. ${receipt?.corrected ? 'We corrected the final price of your ride; this receipt replaces the one we sent before.' : 'Here is the final price of your ride.'}` },
      { rows: rideRows(booking) },
      { rows: receipt ? receiptRows(receipt) : [['Final amount', dollars(booking.finalAmount ?? booking.totalAmount)]] },
      ...(receipt?.settlement.adjustmentReason ? [{ paragraph: `Adjusted: ${receipt.settlement.adjustmentReason}` }] : []),
      { paragraph: `The service fee and gratuity are included in the fare as quoted. Questions about this receipt? Call ${COMPANY.phone.display} and quote ${booking.reference}.` },
    ],
    sms: `${COMPANY.name}: ${receipt?.corrected ? 'corrected receipt' : 'receipt'} for ${booking.reference}: final amount ${dollars(receipt?.settlement.finalAmount ?? booking.totalAmount)}. Details by email.`,
  }),
  'booking-cancelled': ({ booking }) => ({
    subject: `Booking ${booking.reference} cancelled`,
    title: 'Your booking is cancelled',
    blocks: [
      { paragraph: `Your booking ${booking.reference}${tripLegText(booking) ? ` (the ${tripLegText(booking)})` : ''} for ${pickupText(booking)} is cancelled.` },
      { paragraph: `Questions, or a new ride? Call ${COMPANY.phone.display}.` },
    ],
    sms: `${COMPANY.name}: booking ${booking.reference} for ${pickupText(booking)} is cancelled. Questions: ${COMPANY.phone.display}.`,
  }),
};

/** One message of a kind, in every channel's words. */
export function composeMessage(kind: BookingMessageKind, facts: MessageFacts): ComposedMessage {
  const draft = drafts[kind](facts);
  const greeting = `Dear ${facts.booking.firstName},`;
  return { subject: draft.subject, text: textEmail(greeting, draft.blocks), html: htmlEmail(draft.title, greeting, draft.blocks), sms: draft.sms };
}
