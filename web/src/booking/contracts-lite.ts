/*
 * The zod-free parts of @limo/contracts, imported by path. The home page's quick card uses only
 * these up front, so a visitor's first page does not carry zod and every contract schema; the
 * schemas load when the card is first used (see QuickBookingCard).
 */
export * from '../../../libs/contracts/src/business-time';
export * from '../../../libs/contracts/src/booking-limits';
