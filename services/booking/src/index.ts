export { BookingModule, BOOKING_MIGRATIONS } from './booking.module.js';
export { BookingConfig } from './booking.config.js';
