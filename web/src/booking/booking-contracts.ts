/*
 * The booking schemas and pricing, imported through the booking subpath rather than the
 * @limo/contracts barrel: the same source the gateway validates with, without the admin, drivers
 * and fleet schemas the public pages never use.
 */
export * from '@limo/contracts/booking';
export * from '@limo/contracts/common/money';
