/** @jest-environment jsdom */
import { screen, within } from '@testing-library/react';
import type { OutgoingMessage } from '@limo/contracts/notifications';
import { renderWithApp } from '../../test-support/render';
import { FailedMessages } from './FailedMessages';

const failed: OutgoingMessage = {
  id: '5f0c6d1e-8a43-4a5e-9f3b-0a1b2c3d4e5f',
  eventId: 'e1',
  channel: 'sms',
  kind: 'chauffeur-on-the-way',
  bookingId: 7,
  reference: 'LX-7K3Q9',
  recipient: '(310) 555-0100',
  subject: null,
  status: 'failed',
  attempts: 1,
  lastError: 'Interrupted while sending',
  createdAt: '2030-03-01T12:00:00Z',
  updatedAt: '2030-03-01T12:01:00Z',
  sentAt: null,
};

describe('undelivered customer messages on the dashboard', () => {
  it('lists each with its channel, what it was, the booking, the recipient and why', async () => {
    renderWithApp(<FailedMessages />, { queryData: { '/api/admin/messages/failed': [failed] } });
    const [item] = await screen.findAllByRole('listitem');
    expect(within(item).getByText('SMS')).toBeTruthy();
    expect(item.textContent).toContain('Chauffeur on the way for LX-7K3Q9 to (310) 555-0100: Interrupted while sending');
    expect(screen.getByText('1 to follow up')).toBeTruthy();
  });

  it('says so when every message went out', async () => {
    renderWithApp(<FailedMessages />, { queryData: { '/api/admin/messages/failed': [] } });
    expect(await screen.findByText('Every customer message was delivered')).toBeTruthy();
  });
});
