// Shared with the customer's manage page: the status colours are the same everywhere.
export * from '../../lib/booking-status';
