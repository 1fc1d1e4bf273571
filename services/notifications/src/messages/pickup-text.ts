import { formatBusinessInstant, type BookingSnapshot } from '@limo/contracts';

/** The pickup in LA time with its zone; events written before `pickupAt` existed give date and time as typed. */
export function pickupText(booking: BookingSnapshot): string {
  return booking.pickupAt ? formatBusinessInstant(new Date(booking.pickupAt)) : `${booking.pickupDate} ${booking.pickupTime} (Los Angeles time)`;
}
