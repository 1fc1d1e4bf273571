/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { waitFor } from '@testing-library/react';
import { jsonAnswer as answer } from '../test-support/customer-booking';
import { renderWithApp } from '../test-support/render';
import { useSignedInCustomer } from './customer-account';

const account = { email: 'ada@example.com', name: 'Ada Lovelace', phone: '3105550199', createdAt: '2026-11-27T18:00:00.000Z' };

function Shows({ always }: { always?: boolean }) {
  const customer = useSignedInCustomer({ always }).data;
  return <p>{customer === undefined ? 'not asked' : (customer?.email ?? 'signed out')}</p>;
}

/** Renders the hook's reader with GET /api/account answering `status`; the fetch mock, to count what was asked. */
function renderAnswering(status: 200 | 401, always?: boolean) {
  const fetch = jest.fn(async () => (status === 200 ? answer(200, account) : answer(401, { statusCode: 401, message: 'Please sign in to see your account' })));
  globalThis.fetch = fetch as typeof globalThis.fetch;
  // The app's own query function (apiRequest), not render.tsx's stand-in: the hook's is what is tested.
  const view = renderWithApp(<Shows always={always} />);
  return { fetch, view };
}

describe('the signed-in customer', () => {
  beforeEach(() => {
    localStorage.clear();
    document.cookie = 'limo_signed_in=; Max-Age=0; Path=/';
  });

  it("does not ask GET /api/account on a visitor's page (no note of a sign-in), so no request fails 401", async () => {
    const { fetch, view } = renderAnswering(401);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).not.toHaveBeenCalled();
    expect(view.container.textContent).toBe('not asked');
  });

  it('asks where the account page asks whatever the note says, and notes the account it finds', async () => {
    const { fetch, view } = renderAnswering(200, true);
    await waitFor(() => expect(view.container.textContent).toBe('ada@example.com'));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('limoCustomerSignedIn')).not.toBeNull();
  });

  it('asks when a sign-in was noted, and forgets the note on a 401 (a session ended meanwhile)', async () => {
    localStorage.setItem('limoCustomerSignedIn', '1');
    const { fetch, view } = renderAnswering(401);
    await waitFor(() => expect(view.container.textContent).toBe('signed out'));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('limoCustomerSignedIn')).toBeNull();
  });

  it("asks on the gateway's signed-in cookie alone (site storage cleared, cookies kept), and clears it on a 401", async () => {
    document.cookie = 'limo_signed_in=1; Path=/';
    const signedIn = renderAnswering(200);
    await waitFor(() => expect(signedIn.view.container.textContent).toBe('ada@example.com'));
    expect(signedIn.fetch).toHaveBeenCalledTimes(1);
    signedIn.view.unmount();

    localStorage.clear();
    document.cookie = 'limo_signed_in=1; Path=/';
    const ended = renderAnswering(401);
    await waitFor(() => expect(ended.view.container.textContent).toBe('signed out'));
    expect(document.cookie).not.toContain('limo_signed_in=1');
  });
});
