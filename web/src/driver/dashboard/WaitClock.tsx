import type { DriverRide } from '@limo/contracts/booking/dispatch';
import { freeWaitMinutes, waitStartsAt } from '@limo/contracts/booking/waiting';
import { useNow } from '../../lib/use-now';
import { laTimeOfDay } from '../driver-format';

/**
 * The wait clock between "Arrived" and "Passenger Picked Up": how long the driver has waited (from
 * the pickup time when early), and until when it is free; past that, each started minute is
 * charged at the vehicle's hourly rate (the service measures it when the passenger is picked up).
 */
export function WaitClock({ ride }: { ride: DriverRide & { arrivedAt: string } }) {
  const now = useNow(15_000);
  const start = waitStartsAt(ride);
  const free = freeWaitMinutes(ride);
  const freeUntil = new Date(start.getTime() + free * 60_000);
  const waited = Math.max(0, Math.ceil((now.getTime() - start.getTime()) / 60_000));
  const over = now > freeUntil;
  return (
    <p className={`ride-wait${over ? ' is-over' : ''}`} role="status" data-testid="wait-clock">
      {now < start ? (
        <>Arrived early: the wait starts at the pickup time, {laTimeOfDay(start)}. {free} minutes free.</>
      ) : (
        <>
          Waiting <strong>{waited} min</strong>: {over ? `the ${free} free minutes ended at ${laTimeOfDay(freeUntil)}, each started minute is now charged` : `free until ${laTimeOfDay(freeUntil)}`}.
        </>
      )}
    </p>
  );
}
