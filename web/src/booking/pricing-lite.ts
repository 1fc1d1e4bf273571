/*
 * The zod-free pricing of @limo/contracts (the rules, the offers, cents), for the booking
 * wizard's estimate and its payload before the form schemas load. Apart from contracts-lite so
 * that the home page, which prices nothing, does not carry it.
 */
export * from '@limo/contracts/booking/pricing';
export * from '@limo/contracts/booking/payment';
export * from '@limo/contracts/common/cents';
