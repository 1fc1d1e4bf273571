import request from 'supertest';
import type { Booking } from '@limo/contracts';
import { adminAuth } from './admin-auth.js';
import { book } from './drivers.js';
import type { SmtpInbox } from './smtp-inbox.js';
import { eventually, type TestStack } from './stack.js';

/** The code in the newest sign-in email to this address (waits for it; `after` skips older mails). */
export async function signInCodeFrom(inbox: SmtpInbox, email: string, after = 0): Promise<string> {
  return eventually(
    async () => {
      const mails = inbox.to(email).filter((m) => m.subject.includes('sign-in code')).slice(after);
      return /sign-in code:\s*(\d{6})/.exec(mails.at(-1)?.body ?? '')?.[1];
    },
    15_000,
    `a sign-in code emailed to ${email}`,
  );
}

/** How many sign-in emails this address has had so far (for `signInCodeFrom`'s `after`). */
export const signInMails = (inbox: SmtpInbox, email: string) => inbox.to(email).filter((m) => m.subject.includes('sign-in code')).length;

/** A signed-in customer: an agent holding the session cookie, after the code from the inbox. */
export async function signedInCustomer(baseUrl: string, inbox: SmtpInbox, email: string, address = '203.0.113.200') {
  const before = signInMails(inbox, email);
  const agent = request.agent(baseUrl);
  await agent.post('/api/account/code').set('X-Forwarded-For', address).send({ email }).expect(202);
  const code = await signInCodeFrom(inbox, email, before);
  await agent.post('/api/account/sign-in').set('X-Forwarded-For', address).send({ email, code }).expect(200);
  return agent;
}

/**
 * `n` rides of this email from LAX, each booked through the public API and marked completed by
 * the admin (PATCH /api/bookings/:id), on days apart from `firstDay` on.
 */
export async function completedAirportRides(stack: Pick<TestStack, 'baseUrl' | 'env'>, email: string, n: number, firstDay = 2): Promise<Booking[]> {
  const rides: Booking[] = [];
  for (let i = 0; i < n; i++) {
    const booking = await book(stack, { email, pickupLocation: 'LAX - Los Angeles International Airport', dropoffLocation: 'Downtown Los Angeles' }, firstDay + i, '09:00');
    const completed = await request(stack.baseUrl).patch(`/api/bookings/${booking.id}`).set('Authorization', adminAuth(stack)).send({ status: 'completed' }).expect(200);
    rides.push(completed.body as Booking);
  }
  return rides;
}
