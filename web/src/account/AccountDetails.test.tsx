/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { renderWithApp } from '../test-support/render';
import { AccountDetails } from './AccountDetails';

describe("the account's contact details", () => {
  it('says what saving them does (they fill in the booking form), not that a booking fills them in', () => {
    renderWithApp(<AccountDetails account={{ email: 'quinn@example.com', name: null, phone: null, createdAt: '2026-11-01T10:00:00.000Z' }} />);
    expect(screen.getAllByText('Not given yet')).toHaveLength(2);
    // Nothing saves them from a booking (anyone may book with any email): only Edit does.
    expect(screen.getByText('Saved here, they fill in the booking form for you.')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/when you book/);
  });
});
