export { BookingModule, BOOKING_MIGRATIONS } from './booking.module.js';
