/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, businessToday } from '@limo/contracts';
import { atClock } from '../test-support/clock';
import { renderWithApp } from '../test-support/render';
import BookingWizard from './BookingWizard';
import { PREFILL_KEY } from './prefill';
import { formatTripDate } from './format';
import { keepReferralCode, referralCode } from '../referral/referral-code';

const tripDate = addDays(businessToday(), 5);

// The wizard keeps its draft in session storage: each test starts with none.
beforeEach(() => sessionStorage.clear());

/** The demo fleet's seats (ids, names and capacities as the fleet service seeds them). */
const FLEET = (
  [
    [1, 'Executive Sedan', 'sedan', 3, '95.00'],
    [2, 'Luxury SUV', 'suv', 7, '125.00'],
    [3, 'Stretch Limousine', 'limousine', 6, '175.00'],
    [4, 'Party Bus', 'party-bus', 14, '295.00'],
  ] as const
).map(([id, name, category, capacity, baseRate]) => ({ id, name, category, description: name, capacity, baseRate, imageUrl: '', features: [], isActive: true }));

/** What the wizard reads from the price guide: the return's discount, the vehicles' minimum hours, the extras. */
const PRICE_GUIDE = {
  returnLegPercent: 20,
  vehicles: FLEET.map((v) => ({ vehicleId: v.id, name: v.name, hourlyRate: '100.00', minimumHours: 3, hourlyMinimum: '300.00', sampleTransfer: '70.00' })),
  extras: { meetGreet: '25.00', childSeat: '15.00', airportSurcharge: '10.00' },
};

/** Step 2 filled in as a customer would: Ada Lovelace, her email and phone. */
async function fillContact(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^First Name/), 'Ada');
  await user.type(screen.getByLabelText(/^Last Name/), 'Lovelace');
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Phone/), '(310) 555-0199');
}

function renderWizard(props: Parameters<typeof BookingWizard>[0] = {}, vehicles: unknown[] = []) {
  renderWithApp(<BookingWizard {...props} />, { path: '/booking', queryData: { '/api/vehicles': vehicles }, seeded: { '/api/price-guide': PRICE_GUIDE } });
  return userEvent.setup();
}

/** A quote as POST /api/quotes answers it. */
const serverQuote = (vehicleId: number) => ({
  vehicleId,
  quote: {
    fare: '88.00', vehicle: '0.00', offer: null, base: '72.88', meetGreet: '0.00', childSeats: '0.00', addOns: '0.00', serviceFee: '3.64', gratuity: '11.48', total: '88.00',
    lines: [{ code: 'fare', label: 'Transfer fare: LAX to Pasadena', amount: '88.00' }],
  },
  returnQuote: null,
  tripTotal: '88.00',
  vehicles: [{ vehicleId: 1, total: '88.00', toBeConfirmed: false }],
});

const wizard = () => document.querySelector<HTMLElement>('.booking-wizard')!;
const stepCount = () => wizard().querySelector('.wizard-step-count')?.textContent;
/** Waits for step n: a step changes through the router's history, in a transition. */
const atStep = (n: number) => waitFor(() => expect(stepCount()).toBe(`Step ${n} of 5`));
const next = (user: ReturnType<typeof userEvent.setup>) => user.click(within(wizard()).getByRole('button', { name: 'Next' }));

/** A one-way ride from LAX to Pasadena entered on step 1, and the wizard on step 2. */
async function toContactStep() {
  const user = renderWizard();
  await fillRideBasics(user);
  await user.type(screen.getByRole('combobox', { name: /Drop-off Location/ }), 'Pasadena');
  await next(user);
  await atStep(2);
  return user;
}
const messageOf = (element: HTMLElement) => document.getElementById(element.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent;

/** Date and time and pickup: what every ride needs. */
async function fillRideBasics(user: ReturnType<typeof userEvent.setup>) {
  // A date input takes its value whole (no keystrokes), as a date picker gives it.
  fireEvent.change(screen.getByLabelText(/^Pickup Date/), { target: { value: tripDate } });
  await user.selectOptions(screen.getByLabelText(/^Pickup Time/), '14:30');
  await user.type(screen.getByRole('combobox', { name: /Pickup Location/ }), 'LAX');
}

describe('booking wizard, ride step', () => {
  // The address field looks places up after 3 characters: answer none.
  beforeEach(() => {
    globalThis.fetch = jest.fn(async () => ({ ok: true, json: async () => [] }) as unknown as Response) as typeof fetch;
  });

  it("shows the spec's messages on Next with empty fields and focuses the first invalid one", async () => {
    const user = renderWizard();
    await next(user);
    const expected: [HTMLElement, string][] = [
      [screen.getByLabelText(/^Pickup Date/), 'Pickup date is required'],
      [screen.getByLabelText(/^Pickup Time/), 'Pickup time is required'],
      [screen.getByRole('combobox', { name: /Pickup Location/ }), 'Pickup location is required'],
      [screen.getByRole('combobox', { name: /Drop-off Location/ }), 'Drop-off location is required'],
    ];
    for (const [field, message] of expected) {
      expect({ message, invalid: field.getAttribute('aria-invalid'), shown: messageOf(field) }).toEqual({ message, invalid: 'true', shown: message });
    }
    expect(document.activeElement).toBe(screen.getByLabelText(/^Pickup Date/));
    expect(stepCount()).toBe('Step 1 of 5');
  });

  it('needs a drop-off for a one-way ride, and clears a message once the field is filled', async () => {
    const user = renderWizard();
    await fillRideBasics(user);
    await next(user);
    const dropoff = screen.getByRole('combobox', { name: /Drop-off Location/ });
    expect(messageOf(dropoff)).toBe('Drop-off location is required');
    expect(screen.queryByText('Pickup date is required')).toBeNull();
    expect(document.activeElement).toBe(dropoff);

    await user.type(dropoff, 'Pasadena');
    expect(dropoff.getAttribute('aria-invalid')).toBeNull();
    await next(user);
    await atStep(2);
  });

  it('asks an airport ride for its flight, says when its shape is wrong, and asks no other ride', async () => {
    const user = renderWizard();
    expect(screen.queryByLabelText(/Flight$/)).toBeNull();
    await fillRideBasics(user);
    await user.type(screen.getByRole('combobox', { name: /Drop-off Location/ }), 'Pasadena');
    const flight = screen.getByLabelText('Arriving Flight');
    await user.type(flight, 'United 1542');
    await next(user);
    expect(messageOf(flight)).toMatch(/^Flight number must look like UA 1542/);
    expect(document.activeElement).toBe(flight);
    await user.clear(flight);
    await user.type(flight, 'ua1542');
    await next(user);
    await atStep(2);
  });

  it('asks a ride to the airport for its departing flight, and hides it once no end is an airport', async () => {
    const user = renderWizard();
    fireEvent.change(screen.getByLabelText(/^Pickup Date/), { target: { value: tripDate } });
    await user.type(screen.getByRole('combobox', { name: /Pickup Location/ }), 'Pasadena');
    const dropoff = screen.getByRole('combobox', { name: /Drop-off Location/ });
    await user.type(dropoff, 'Burbank Airport (BUR)');
    expect(screen.getByLabelText('Departing Flight')).toBeTruthy();
    await user.clear(dropoff);
    await user.type(dropoff, 'Union Station');
    expect(screen.queryByLabelText(/Flight$/)).toBeNull();
  });

  it('says, once a stop is added, that stops are added to the final price after the ride', async () => {
    const user = renderWizard();
    expect(screen.queryByTestId('stops-priced-after')).toBeNull();
    await user.click(screen.getByRole('button', { name: '+ Add a stop' }));
    expect(screen.getByTestId('stops-priced-after').textContent).toMatch(/Each stop is added to the final price after the ride/);
    await user.click(screen.getByRole('button', { name: 'Remove stop 1' }));
    expect(screen.queryByTestId('stops-priced-after')).toBeNull();
  });

  it('asks an hourly ride for its hours instead of a drop-off, 3 to 24', async () => {
    const user = renderWizard();
    await user.click(screen.getByLabelText('Hourly'));
    expect(screen.queryByRole('combobox', { name: /Drop-off Location/ })).toBeNull();
    const hours = screen.getByLabelText(/^Duration/) as HTMLSelectElement;
    expect([...hours.options].map((o) => o.value)).toEqual(Array.from({ length: 22 }, (_, i) => String(i + 3)));
    await user.selectOptions(hours, '5');
    await fillRideBasics(user);
    await next(user);
    await atStep(2);
  });

  it('says, read out and described by the time select, that a date has no pickup time left and when the earliest is', async () => {
    // 10:10 PM in Los Angeles: with the 2-hour lead the first pickup is tomorrow at 12:30 AM.
    await atClock('2031-12-02T06:10:00Z', async () => {
      renderWizard();
      // The status region is there, empty, before it has anything to say (a region that appears with its text is often not read out).
      const region = screen.getByRole('status');
      expect(region.textContent).toBe('');
      fireEvent.change(screen.getByLabelText(/^Pickup Date/), { target: { value: '2031-12-01' } });
      const time = screen.getByLabelText(/^Pickup Time/);
      const hint = 'No pickup times are left on this date: the earliest pickup is tomorrow at 12:30 AM';
      await waitFor(() => expect(messageOf(time)).toBe(hint));
      expect(screen.getByRole('status')).toBe(region);
      expect(region.textContent).toBe(hint);
    });
  });

  it('stays on step 1 while the server refuses the return as entered, and goes on once it is changed', async () => {
    const tooEarly = 'The return must be after the outbound ride ends';
    const answer = (status: number, body: unknown) =>
      ({ ok: status < 400, status, statusText: '', headers: new Headers(), json: async () => body, text: async () => JSON.stringify(body) }) as unknown as Response;
    globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
      if (String(url) !== '/api/quotes') return answer(200, []);
      const ride = JSON.parse(String(init?.body)) as { vehicleId: number; returnTrip?: { pickupDate: string } };
      return ride.returnTrip && ride.returnTrip.pickupDate < tripDate ? answer(400, { statusCode: 400, message: tooEarly }) : answer(200, serverQuote(ride.vehicleId));
    }) as typeof fetch;
    const user = renderWizard();
    await fillRideBasics(user);
    await user.type(screen.getByRole('combobox', { name: /Drop-off Location/ }), 'Pasadena');
    await user.click(screen.getByTestId('return-trip'));
    fireEvent.change(screen.getByLabelText(/^Return Date/), { target: { value: addDays(tripDate, -1) } });
    await user.selectOptions(screen.getByLabelText(/^Return Time/), '18:00');
    const problem = await screen.findByTestId('return-problem');
    expect(problem.textContent).toBe(tooEarly);

    await next(user);
    await waitFor(() => expect(document.activeElement).toBe(problem));
    expect(stepCount()).toBe('Step 1 of 5');

    fireEvent.change(screen.getByLabelText(/^Return Date/), { target: { value: addDays(tripDate, 2) } });
    await waitFor(() => expect(screen.queryByTestId('return-problem')).toBeNull());
    await next(user);
    await atStep(2);
    // Step 2's summary of the ride says the return is booked too.
    expect(screen.getByTestId('ride-summary-return').textContent).toBe(`${formatTripDate(addDays(tripDate, 2))} at 6:00 PM, from Pasadena`);
  });

  it('keeps pasted special requests whole, counts them and says how many characters are too many', async () => {
    const user = renderWizard();
    const requests = screen.getByLabelText('Special Requests') as HTMLTextAreaElement;
    await user.click(requests);
    await user.paste('Please have bottled water. '.padEnd(5000, 'x'));
    expect(requests.value).toHaveLength(5000);
    const described = () => (requests.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described()).toEqual(['5,000 / 1,000 characters4,000 characters too many: please shorten your special requests.']);
    expect(requests.getAttribute('aria-invalid')).toBe('true');

    await fillRideBasics(user);
    await user.type(screen.getByRole('combobox', { name: /Drop-off Location/ }), 'Pasadena');
    await next(user);
    expect(stepCount()).toBe('Step 1 of 5');
    expect(described()[0]).toBe('Special requests must be at most 1000 characters');
    expect(document.activeElement).toBe(requests);

    await user.clear(requests);
    await user.type(requests, 'Bottled water');
    expect(described()).toEqual(['13 / 1,000 characters']);
    await next(user);
    await atStep(2);
  });

  it('says which vehicle it chose instead, and why, when the party outgrows the chosen one', async () => {
    const user = renderWizard({}, FLEET);
    const limousine = await screen.findByRole('radio', { name: /Stretch Limousine/ });
    await user.click(limousine);
    expect(screen.queryByTestId('vehicle-swap-note')).toBeNull();
    await user.selectOptions(screen.getByLabelText(/^Passengers/), '12');
    expect((screen.getByRole('radio', { name: /Party Bus/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('vehicle-swap-note').textContent).toBe(
      'The Stretch Limousine seats up to 6 passengers, so we chose the Party Bus (up to 14) for your 12 passengers.',
    );
    // A smaller party keeps the Party Bus; the note was about 12 passengers.
    await user.selectOptions(screen.getByLabelText(/^Passengers/), '4');
    expect((screen.getByRole('radio', { name: /Party Bus/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTestId('vehicle-swap-note')).toBeNull();
  });

  it('checks the contact step with the contract messages before the price', async () => {
    // The address field's suggestions answer none; the quote answers the server's figures for the ride asked.
    const asked: unknown[] = [];
    globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
      if (String(url) !== '/api/quotes') return { ok: true, json: async () => [] } as unknown as Response;
      const ride = JSON.parse(String(init?.body)) as { vehicleId: number };
      asked.push(ride);
      return { ok: true, json: async () => serverQuote(ride.vehicleId) } as unknown as Response;
    }) as typeof fetch;
    const user = await toContactStep();
    await next(user);
    // The check is asynchronous (the schema loads with the first one).
    for (const message of ['First name is required', 'Last name is required', 'Valid email is required', 'Valid phone number is required']) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^First Name/)));
    await fillContact(user);
    await next(user);
    await atStep(3);
    // The server's figure, for the ride as typed (never one of the browser's own).
    await waitFor(() => expect(screen.getByTestId('estimated-total').textContent).toBe('$88.00'));
    expect(within(screen.getByTestId('ride-quote')).getByText('Transfer fare: LAX to Pasadena')).toBeTruthy();
    expect(screen.getByTestId('ride-quote-includes').textContent).toBe('Includes the service fee ($3.64) and gratuity ($11.48).');
    // The figure is the same with the email as without, so the last quote asked is awaited on its own:
    // the one with the email comes after the debounce, which may be after the figure shows.
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({ tripType: 'one-way', pickupDate: tripDate, pickupTime: '14:30', pickupLocation: 'LAX', dropoffLocation: 'Pasadena', passengers: 1, vehicleId: 1, meetGreet: false, childSeats: false, email: 'ada@example.com' }),
    );
  });
});

describe('booking wizard, a booking the server refuses', () => {
  const json = (status: number, body: unknown) =>
    ({ ok: status < 400, status, statusText: '', headers: new Headers(), json: async () => body, text: async () => JSON.stringify(body) }) as unknown as Response;

  /** The quote prices the ride; POST /api/bookings answers `refusal`, and the quote then refuses with `quoteRefusal` if given. */
  async function reserveRefusedWith(status: number, refusal: unknown, quoteRefusal?: string) {
    let quoteRefuses = false;
    globalThis.fetch = jest.fn(async (url: string | URL | Request) => {
      const path = String(url);
      if (path === '/api/quotes') return quoteRefuses ? json(400, { statusCode: 400, message: quoteRefusal }) : json(200, serverQuote(1));
      if (path !== '/api/bookings') return json(200, []);
      quoteRefuses = quoteRefusal !== undefined;
      return json(status, refusal);
    }) as typeof fetch;
    const user = await toContactStep();
    await fillContact(user);
    await next(user);
    await atStep(3);
    await next(user);
    await atStep(4);
    await user.click(await screen.findByRole('button', { name: 'Proceed to Reserve' }));
  }

  it("shows the server's reason for a 400, not the general 'try again'", async () => {
    const tooSoon = 'Pickup must be at least 2 hours from now';
    await reserveRefusedWith(400, { statusCode: 400, message: tooSoon });
    expect((await screen.findByTestId('booking-refusal')).textContent).toBe(tooSoon);
    // The toast says it too (it loads with the first one shown).
    await waitFor(() => expect(screen.getAllByText(tooSoon)).toHaveLength(2));
    expect(screen.queryByText(/There was an error creating your booking/)).toBeNull();
  });

  it('shows a field the server names under that field, on its step, without its path, and no longer once it is changed', async () => {
    const taken = 'This email cannot receive bookings';
    await reserveRefusedWith(400, { statusCode: 400, message: `email: ${taken}`, errors: [{ path: 'email', message: taken }] });
    await atStep(2);
    const email = screen.getByLabelText(/^Email/);
    await waitFor(() => expect(messageOf(email)).toBe(taken));
    // The toast says the field's message, not the body's "email: ...".
    await waitFor(() => expect(screen.getAllByText(taken)).toHaveLength(2));
    expect(document.body.textContent).not.toContain('email:');

    const user = userEvent.setup();
    await user.clear(email);
    await user.type(email, 'ada.lovelace@example.com');
    await next(user);
    await atStep(3);
    await next(user);
    await atStep(4);
    expect(screen.queryByTestId('booking-refusal')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('goes back to step 1 with focus on the reason when Proceed finds the ride now refused by the quote', async () => {
    const tooSoon = 'Pickup must be at least 2 hours from now';
    // The booking is refused as too soon, and the ride priced again is refused the same way.
    await reserveRefusedWith(400, { statusCode: 400, message: tooSoon }, tooSoon);
    await screen.findByTestId('booking-refusal');
    await waitFor(() => expect(screen.getAllByText(tooSoon).length).toBeGreaterThanOrEqual(3));

    await userEvent.setup().click(screen.getByRole('button', { name: 'Proceed to Reserve' }));
    await atStep(1);
    const problem = await screen.findByTestId('quote-problem');
    expect(problem.textContent).toBe(tooSoon);
    await waitFor(() => expect(document.activeElement).toBe(problem));
  });

  it("keeps the general message for the server's own failure (5xx), worth trying again", async () => {
    await reserveRefusedWith(500, { statusCode: 500, message: 'Internal server error' });
    expect(await screen.findByText('There was an error creating your booking. Please try again.')).toBeTruthy();
    expect(screen.queryByTestId('booking-refusal')).toBeNull();
  });
});

describe('booking wizard, prefilled from the quick card', () => {
  it('shows the ride from the home page above the contact fields on step 2, with a way back to change it', async () => {
    const ride = { tripType: 'one-way', pickupDate: '2031-03-04', pickupTime: '14:30', pickupLocation: 'LAX', dropoffLocation: 'The Beverly Hills Hotel', passengers: 2 };
    sessionStorage.setItem(PREFILL_KEY, JSON.stringify(ride));
    const user = renderWizard({ prefill: true }, FLEET);
    expect(stepCount()).toBe('Step 2 of 5');
    const summary = await screen.findByRole('region', { name: 'Your ride' });
    await within(summary).findByText('2 passengers · Executive Sedan');
    expect(summary.textContent).toBe('Your rideChangeTuesday, March 4, 2031 at 2:30 PMFromLAXToThe Beverly Hills HotelParty2 passengers · Executive Sedan');
    await user.click(within(summary).getByRole('button', { name: 'Change' }));
    await atStep(1);
  });

  it("books 2 hours chosen on the quick card as the wizard's 3-hour minimum and says so until other hours are chosen", async () => {
    const ride = { tripType: 'hourly', pickupDate: tripDate, pickupTime: '09:00', pickupLocation: 'Union Station', duration: 2 };
    sessionStorage.setItem(PREFILL_KEY, JSON.stringify(ride));
    const user = renderWizard({ prefill: true });
    expect(stepCount()).toBe('Step 2 of 5');
    const note = 'Hourly service has a 3-hour minimum, so your ride is booked for 3 hours (you chose 2 hours).';
    expect(screen.getByTestId('minimum-hours-note').textContent).toBe(`${note} You can change the hours on step 1.`);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    const hours = screen.getByLabelText(/^Duration/) as HTMLSelectElement;
    expect(hours.value).toBe('3');
    expect([...hours.options].map((o) => o.textContent)).not.toContain('2 hours');
    expect(screen.getByTestId('minimum-hours-note').textContent).toBe(note);
    await user.selectOptions(hours, '4');
    expect(screen.queryByTestId('minimum-hours-note')).toBeNull();
  });
});

// This browser signed in before (customer-account.ts's note): the wizard asks GET /api/account.
const notedSignedIn = () => {
  localStorage.clear();
  localStorage.setItem('limoCustomerSignedIn', '1');
};

describe("booking wizard, a signed-in customer's benefits and a friend's referral code", () => {
  beforeEach(notedSignedIn);

  const account = { email: 'ada@example.com', name: 'Ada Lovelace', phone: '3105550199', createdAt: '2026-01-02T00:00:00.000Z' };
  const withCredit = (vehicleId: number) => {
    const answer = serverQuote(vehicleId);
    return { ...answer, quote: { ...answer.quote, credit: '10.00', total: '78.00' }, tripTotal: '78.00' };
  };
  const json = (status: number, body: unknown) =>
    ({ ok: status < 400, status, statusText: '', headers: new Headers(), json: async () => body, text: async () => JSON.stringify(body) }) as unknown as Response;

  /** Step 1 filled (to Pasadena), step 2 filled from the account, on to step 3. */
  async function toStep3SignedIn(user: ReturnType<typeof userEvent.setup>) {
    await fillRideBasics(user);
    await user.type(screen.getByRole('combobox', { name: /Drop-off Location/ }), 'Pasadena');
    await next(user);
    await atStep(2);
    // The account fills the contact step.
    await waitFor(() => expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('ada@example.com'));
    await next(user);
    await atStep(3);
  }

  it('waits for the ride\'s first price before Proceed to Reserve can be pressed, instead of refusing with "still pricing"', async () => {
    let release!: () => void;
    const priced = new Promise<void>((resolve) => (release = resolve));
    globalThis.fetch = jest.fn(async (url: string | URL | Request) => {
      const path = String(url);
      if (path === '/api/account') return json(200, account);
      if (path === '/api/quotes') return priced.then(() => json(200, serverQuote(1)));
      return json(200, []);
    }) as typeof fetch;
    const user = renderWizard();
    await toStep3SignedIn(user);
    await next(user);
    await atStep(4);
    const waiting = screen.getByRole('button', { name: 'Pricing Your Ride...' }) as HTMLButtonElement;
    expect(waiting.disabled).toBe(true);
    release();
    const ready = (await screen.findByRole('button', { name: 'Proceed to Reserve' })) as HTMLButtonElement;
    expect(ready.disabled).toBe(false);
    expect(screen.queryByText('Price Not Ready')).toBeNull();
  });

  it('shows the credit off the price, sends the claim and the code, and offers to drop a refused code', async () => {
    keepReferralCode('FRIEND10');
    const booked: Record<string, unknown>[] = [];
    const unknownCode = 'This referral code does not exist: check the link you were sent';
    globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
      const path = String(url);
      if (path === '/api/account') return json(200, account);
      if (path === '/api/quotes') return json(200, withCredit(1));
      if (path !== '/api/bookings') return json(200, []);
      const payload = JSON.parse(String(init?.body)) as Record<string, unknown>;
      booked.push(payload);
      if (payload.referralCode) return json(400, { statusCode: 400, message: unknownCode, errors: [{ path: 'referralCode', message: unknownCode }] });
      const price = withCredit(1).quote;
      return json(201, { id: 7, reference: 'LX-7K3Q9', firstName: 'Ada', lastName: 'Lovelace', totalAmount: '78.00', pickupDate: tripDate, pickupTime: '14:30', tripType: 'one-way', duration: 1, vehicleId: 1, price });
    }) as typeof fetch;
    const user = renderWizard();
    expect(screen.getByTestId('referral-banner').textContent).toBe('Referred by a friend: $10 off after your first ride');
    await toStep3SignedIn(user);
    const quote = await screen.findByTestId('ride-quote');
    await waitFor(() => expect(within(quote).getByText('Refer & Fly credit')).toBeTruthy());
    expect(quote.querySelector('[data-line="credit"] td')?.textContent).toBe('−$10.00');
    expect(screen.getByTestId('estimated-total').textContent).toBe('$78.00');
    await next(user);
    await atStep(4);

    await user.click(screen.getByRole('button', { name: 'Proceed to Reserve' }));
    const refusal = await screen.findByTestId('booking-refusal');
    expect(refusal.textContent).toContain(unknownCode);
    expect(booked[0]).toMatchObject({ email: 'ada@example.com', benefits: { freeRide: false, credit: '10.00' }, referralCode: 'FRIEND10' });

    await user.click(within(refusal).getByRole('button', { name: 'Book without the referral code' }));
    expect(screen.queryByTestId('referral-banner')).toBeNull();
    expect(referralCode()).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Proceed to Reserve' }));
    await atStep(5);
    expect(booked[1]).toMatchObject({ benefits: { freeRide: false, credit: '10.00' } });
    expect(booked[1]).not.toHaveProperty('referralCode');
    expect(screen.getByTestId('locked-quote').querySelector('[data-line="credit"] td')?.textContent).toBe('−$10.00');
  });
});

describe('booking wizard, a booker booking for their company', () => {
  beforeEach(notedSignedIn);

  const account = { email: 'bea@acme.example', name: 'Bea Booker', phone: '3105550123', createdAt: '2026-01-02T00:00:00.000Z' };
  const company = { companyId: 12, companyName: 'Acme', role: 'booker', transfers: { month: tripDate.slice(0, 7), tier: 'starter', included: 10, used: 9, left: 1, expired: null } };
  const onPlan = (left: boolean) => {
    const answer = serverQuote(1);
    const quote = left
      ? { ...answer.quote, planTransfer: '88.00', total: '0.00', planNote: "Transfer on Acme's Starter plan (1 of 10 left)" }
      : { ...answer.quote, planNote: "Acme's transfers this month are used: priced as usual and billed to Acme" };
    return { ...answer, quote, tripTotal: quote.total };
  };
  const json = (status: number, body: unknown) =>
    ({ ok: status < 400, status, statusText: '', headers: new Headers(), json: async () => body, text: async () => JSON.stringify(body) }) as unknown as Response;

  it('offers Book for <company>, asks the passenger with the booker\'s email, quotes on the plan and claims the transfer; a 409 re-prices', async () => {
    const quotes: Record<string, unknown>[] = [];
    const booked: Record<string, unknown>[] = [];
    const gone = 'The last transfer of the month has just been used by another booking: please look at the new price and book again';
    globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
      const path = String(url);
      if (path === '/api/account') return json(200, account);
      if (path === '/api/quotes') {
        quotes.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        // The first quote has the last transfer; after the 409 it is gone.
        return json(200, onPlan(booked.length === 0));
      }
      if (path !== '/api/bookings') return json(200, []);
      booked.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return json(409, { statusCode: 409, message: gone });
    }) as typeof fetch;
    renderWithApp(<BookingWizard />, { path: '/booking', queryData: { '/api/vehicles': [], '/api/account/company': company }, seeded: { '/api/price-guide': PRICE_GUIDE } });
    const user = userEvent.setup();
    await fillRideBasics(user);
    await user.type(screen.getByRole('combobox', { name: /Drop-off Location/ }), 'Pasadena');
    await next(user);
    await atStep(2);
    await user.click(await screen.findByRole('radio', { name: 'Book for Acme' }));
    const email = screen.getByLabelText(/^Your Email/) as HTMLInputElement;
    await waitFor(() => expect(email.value).toBe('bea@acme.example'));
    expect(email.readOnly).toBe(true);
    const first = screen.getByLabelText(/^Passenger's First Name/);
    await user.clear(first);
    await user.type(first, 'Pat');
    const last = screen.getByLabelText(/^Passenger's Last Name/);
    await user.clear(last);
    await user.type(last, 'Passenger');
    const phone = screen.getByLabelText(/^Passenger's Phone/);
    await user.clear(phone);
    await user.type(phone, '3105550101');
    await next(user);
    await atStep(3);
    const quote = await screen.findByTestId('ride-quote');
    await waitFor(() => expect(quote.querySelector('[data-line="plan-transfer"] th')?.textContent).toBe("Transfer on Acme's plan"));
    expect(quote.querySelector('[data-line="plan-transfer"] td')?.textContent).toBe('−$88.00');
    expect(screen.getByTestId('plan-note').textContent).toBe("Transfer on Acme's Starter plan (1 of 10 left)");
    expect(quotes.at(-1)).toMatchObject({ companyId: 12 });
    await next(user);
    await atStep(4);
    expect(screen.getByTestId('confirm-company').textContent).toBe('Acme');

    await user.click(screen.getByRole('button', { name: 'Proceed to Reserve' }));
    expect((await screen.findByTestId('booking-refusal')).textContent).toContain(gone);
    expect(booked[0]).toMatchObject({ email: 'bea@acme.example', firstName: 'Pat', lastName: 'Passenger', phone: '3105550101', company: { companyId: 12, transfer: true } });
    expect(booked[0]).not.toHaveProperty('benefits');
    // Priced again: the transfer is gone, the ride is billed to the company at its price.
    await waitFor(() => expect(screen.getByTestId('plan-note').textContent).toMatch(/billed to Acme/));
    expect(screen.getByTestId('ride-quote').querySelector('[data-line="plan-transfer"]')).toBeNull();
  });
});
