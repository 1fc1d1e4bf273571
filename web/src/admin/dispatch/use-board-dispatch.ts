import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Booking, DispatchBoard } from '@limo/contracts';
import { apiJson, serverMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { boardKey } from './board-query';

/** What an assignment or a withdrawal changes on the other admin pages open in this browser. */
const AFTER_DISPATCH = ['/api/admin/dispatch', '/api/bookings/pending', '/api/admin/notifications', '/api/admin/stats', '/api/bookings'];

type Call = { kind: 'assign'; rideId: number; driverId: number; driverName: string } | { kind: 'withdraw'; rideId: number };

/**
 * Assign & Notify from the board, through the same calls as the dashboard's: the answer (the
 * booking as it now stands) moves the bar at once, a refusal's message stays on the bar until the
 * next try, and the board is fetched again either way.
 */
export function useBoardDispatch(date: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [refusals, setRefusals] = useState<ReadonlyMap<number, string>>(new Map());
  const setRefusal = useCallback((rideId: number, message: string | null) => {
    setRefusals((current) => {
      if (!current.has(rideId) && message === null) return current;
      const next = new Map(current);
      if (message === null) next.delete(rideId);
      else next.set(rideId, message);
      return next;
    });
  }, []);
  const mutation = useMutation({
    mutationFn: (call: Call) =>
      call.kind === 'assign'
        ? apiJson<Booking>('POST', `/api/admin/bookings/${call.rideId}/assign`, { driverId: call.driverId })
        : apiJson<Booking>('POST', `/api/admin/bookings/${call.rideId}/withdraw`),
    onMutate: (call) => setRefusal(call.rideId, null),
    onSuccess: (booking, call) => {
      queryClient.setQueryData<DispatchBoard>(boardKey(date), (board) =>
        board && {
          ...board,
          rides: board.rides.map((r) =>
            r.id === booking.id
              ? { ...r, status: booking.status, driverId: booking.driverId, driverResponse: booking.driverResponse ?? null, responseDeadline: booking.driverResponse === 'pending' ? (booking.responseDeadline ?? null) : null }
              : r,
          ),
        },
      );
      toast(
        call.kind === 'assign'
          ? { title: 'Driver Notified', description: `${call.driverName} has been asked to take ${booking.reference}.` }
          : { title: 'Assignment Withdrawn', description: `${booking.reference} is back in the unassigned lane.` },
      );
    },
    onError: (error, call) => setRefusal(call.rideId, serverMessage(error) ?? 'The ride could not be assigned: please try again.'),
    onSettled: () => {
      for (const path of AFTER_DISPATCH) void queryClient.invalidateQueries({ queryKey: [path] });
    },
  });
  return {
    assign: (rideId: number, driverId: number, driverName: string) => mutation.mutate({ kind: 'assign', rideId, driverId, driverName }),
    withdraw: (rideId: number) => mutation.mutate({ kind: 'withdraw', rideId }),
    busyRideId: mutation.isPending ? mutation.variables?.rideId : undefined,
    refusals,
  };
}
