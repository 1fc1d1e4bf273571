import { useQuery } from '@tanstack/react-query';
import type { Vehicle } from '@limo/contracts';

/** Vehicle names by id, for showing a booking's vehicle type (fetched once, like the fleet page). */
export function useVehicleNames(): Map<number, string> {
  const vehicles = useQuery<Vehicle[]>({ queryKey: ['/api/vehicles'] });
  return new Map((vehicles.data ?? []).map((v) => [v.id, v.name]));
}
