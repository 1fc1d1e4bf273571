/*
 * The booking schemas and pricing, imported by path rather than through the @limo/contracts
 * barrel: the same source the gateway validates with, without the admin, drivers and fleet
 * schemas the public pages never use.
 */
export * from '../../../libs/contracts/src/booking';
export * from '../../../libs/contracts/src/pricing';
export * from '../../../libs/contracts/src/money';
