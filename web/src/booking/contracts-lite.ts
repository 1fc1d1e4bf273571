/*
 * The zod-free parts of @limo/contracts. The home page's quick card uses only these up front, so
 * a visitor's first page does not carry zod and every contract schema; the schemas load when the
 * card is first used (see QuickBookingCard).
 */
export * from '@limo/contracts/common/business-time';
export * from '@limo/contracts/booking/limits';
export * from '@limo/contracts/booking/vehicle-choice';
