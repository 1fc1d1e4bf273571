import { useIsMutating, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { DriverRide } from '@limo/contracts/booking/dispatch';
import { CountdownText } from '../../ui/Countdown';
import { apiJson } from '../../lib/api';
import { countdown } from '../../lib/countdown';
import { useToast } from '../../lib/toast';
import { useNow } from '../../lib/use-now';
import { useRideRefresh } from './ride-refresh';

/**
 * A ride offer's answer: the countdown to its deadline, Accept, and Decline (asked again). The
 * ride card and the offer bar both show it; an answer sent from either disables both.
 */
export function RideAnswer({ ride }: { ride: DriverRide }) {
  const toast = useToast();
  const { refresh, failed } = useRideRefresh();
  const [confirmDecline, setConfirmDecline] = useState(false);
  const mutationKey = ['ride-answer', ride.id];
  const answer = useMutation({
    mutationKey,
    mutationFn: (choice: 'accept' | 'decline') => apiJson<DriverRide>('POST', `/api/bookings/${ride.id}/${choice}`),
    onSuccess: (_ride, choice) => {
      toast(
        choice === 'accept'
          ? { title: 'Ride Accepted', description: `${ride.reference} is confirmed. The customer's details are on the card.` }
          : { title: 'Ride Declined', description: `${ride.reference} has gone back to dispatch.` },
      );
      refresh();
    },
    onError: failed('Answer Not Saved'),
  });
  const busy = useIsMutating({ mutationKey }) > 0;
  const left = countdown(ride.responseDeadline, useNow(1000));
  const closed = busy || left.expired;
  return (
    <div className="ride-answer">
      <p className="ride-deadline">
        <CountdownText left={left} label="Answer within" expiredText="The time to answer this ride has passed" />
      </p>
      {confirmDecline ? (
        <div className="ride-actions" role="group" aria-label={`Decline ${ride.reference}?`}>
          <span className="ride-confirm-text">Decline {ride.reference}?</span>
          <button type="button" className="btn btn-sm btn-danger" disabled={closed} onClick={() => answer.mutate('decline')}>
            Yes, Decline
          </button>
          <button type="button" className="btn btn-sm btn-outline" disabled={busy} onClick={() => setConfirmDecline(false)}>
            Keep It
          </button>
        </div>
      ) : (
        <div className="ride-actions">
          <button type="button" className="btn btn-sm btn-primary" disabled={closed} onClick={() => answer.mutate('accept')} aria-label={`Accept ${ride.reference}`}>
            Accept
          </button>
          <button type="button" className="btn btn-sm btn-outline" disabled={closed} onClick={() => setConfirmDecline(true)} aria-label={`Decline ${ride.reference}`}>
            Decline
          </button>
        </div>
      )}
    </div>
  );
}
