export * from './account.js';
export * from './events.js';
export * from './rpc.js';
export * from './loyalty.js';
export * from './benefits.js';
export * from './benefits-claim.js';
export * from './credits.js';
export * from './companies.js';
