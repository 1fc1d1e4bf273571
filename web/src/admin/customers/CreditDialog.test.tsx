/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreditLedger } from '@limo/contracts';
import { renderWithApp } from '../../test-support/render';
import { CreditDialog } from './CreditDialog';

const email = 'flyer@example.com';
const ledger = (available: string): CreditLedger => ({ email, available, reserved: '0.00', nextExpiry: null, entries: [] });
const respond = (status: number, body: unknown) =>
  ({ ok: status < 400, status, statusText: '', headers: { get: () => null }, json: async () => body, text: async () => JSON.stringify(body) }) as unknown as Response;
const dialog = () => within(screen.getByRole('dialog', { hidden: true }));

describe('the admin’s credit adjustment', () => {
  const fetchMock = jest.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
  });

  const adjustments = () => fetchMock.mock.calls.filter(([path]) => String(path).endsWith('/ledger/adjustments'));
  const keyOf = (call: Parameters<typeof fetch>) => (call[1]?.headers as Record<string, string>)['Idempotency-Key'];

  it('sends the same adjustment (email and amount) again with its Idempotency-Key after a failure (made once), and a new one with a new key', async () => {
    fetchMock.mockImplementation(async () => {
      // The first answer is lost (a gateway timeout); the retry is answered.
      return adjustments().length === 1 ? respond(504, { statusCode: 504, message: 'The credit service did not answer in time' }) : respond(200, ledger('10.00'));
    });
    const user = userEvent.setup();
    renderWithApp(<CreditDialog email={email} onClose={() => {}} />, { queryData: { '/api/admin/customers/ledger': ledger('0.00') } });
    await user.type(await dialog().findByLabelText('Amount'), '10.00');
    await user.type(dialog().getByLabelText('Reason'), 'Goodwill');
    await user.click(dialog().getByRole('button', { name: 'Adjust Credit', hidden: true }));
    await dialog().findByTestId('credit-adjust-error');
    // The reason worded better before pressing again: still the same adjustment.
    await user.type(dialog().getByLabelText('Reason'), ' after a late pickup');
    await user.click(dialog().getByRole('button', { name: 'Adjust Credit', hidden: true }));
    expect((await dialog().findByTestId('credit-available')).textContent).toBe('$10.00');

    const [first, retry] = adjustments();
    expect(keyOf(first!)).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keyOf(retry!)).toBe(keyOf(first!));

    await user.type(dialog().getByLabelText('Amount'), '5.00');
    await user.type(dialog().getByLabelText('Reason'), 'Goodwill');
    await user.click(dialog().getByRole('button', { name: 'Adjust Credit', hidden: true }));
    await screen.findAllByText(/now has/);
    const next = adjustments()[2]!;
    expect(keyOf(next)).not.toBe(keyOf(first!));
  });
});
