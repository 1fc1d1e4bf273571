import { useQuery } from '@tanstack/react-query';
import type { MessageKind, OutgoingMessage } from '@limo/contracts/notifications';
import { InlineError } from '../components/AuthErrorPanel';
import { POLL } from './polling';

const KIND_LABELS: Record<MessageKind, string> = {
  'booking-received': 'Booking received',
  'booking-confirmed': 'Booking confirmed',
  'booking-updated': 'Booking updated',
  'pickup-reminder': 'Pickup reminder',
  'chauffeur-on-the-way': 'Chauffeur on the way',
  'booking-cancelled': 'Booking cancelled',
  'driver-already-registered': 'Driver already registered',
  'ride-receipt': 'Receipt',
  'company-statement': 'Company statement',
};

/**
 * Customer messages that did not go out (GET /api/admin/messages/failed): the retries ran out,
 * or a send was interrupted and deliberately not repeated. Staff call the customer instead.
 */
export function FailedMessages() {
  const failed = useQuery<OutgoingMessage[]>({ queryKey: ['/api/admin/messages/failed'], refetchInterval: POLL.messages });
  const messages = failed.data ?? [];
  return (
    <section className="card dash-panel" aria-labelledby="failed-messages-heading">
      <div className="section-head">
        <h2 id="failed-messages-heading" className="section-title">
          Undelivered Customer Messages
        </h2>
        {messages.length > 0 && <span className="badge badge-red">{messages.length} to follow up</span>}
      </div>
      {failed.isLoading ? (
        <p className="inline-loading">Loading messages...</p>
      ) : failed.isError ? (
        <InlineError what="undelivered messages" error={failed.error} />
      ) : messages.length === 0 ? (
        <p className="inline-empty">Every customer message was delivered</p>
      ) : (
        <ul className="alert-list" data-testid="failed-messages">
          {messages.map((message) => (
            <li key={message.id} className="alert-item">
              <span className="badge badge-red">{message.channel === 'sms' ? 'SMS' : 'Email'}</span>
              <span className="alert-text">
                {KIND_LABELS[message.kind]} for {message.reference} to {message.recipient}: {message.lastError}
              </span>
              <time className="muted small" dateTime={message.updatedAt}>
                {new Date(message.updatedAt).toLocaleString('en-US', { timeZone: 'America/Los_Angeles', dateStyle: 'medium', timeStyle: 'short' })}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
