/*
 * The zod-free parts of @limo/contracts. The home page's quick card and the booking wizard use
 * only these up front, so a visitor's first page does not carry zod and every
 * contract schema;
 * the schemas load when a form is first checked (QuickBookingCard, useSchemaForm's loader).
 */
export * from '@limo/contracts/common/business-time';
export * from '@limo/contracts/booking/limits';
export * from '@limo/contracts/booking/vehicle-choice';
