import { useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { DRIVER_QUERIES } from '../driver-queries';

/** What a ride's answer or progress changes: the rides, the week, and (on completion) the figures. */
const AFFECTED = [DRIVER_QUERIES.rides, DRIVER_QUERIES.weekOutlook, DRIVER_QUERIES.shift, DRIVER_QUERIES.monthly, DRIVER_QUERIES.weekly];

/** Fetches again what a ride's change affects; `failed` tells a refused change in the server's words, then refreshes. */
export function useRideRefresh() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const refresh = () => AFFECTED.forEach((path) => void queryClient.invalidateQueries({ queryKey: [path] }));
  const failed = (title: string) => (error: unknown) => {
    toast({ title, description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
    refresh();
  };
  return { refresh, failed };
}
