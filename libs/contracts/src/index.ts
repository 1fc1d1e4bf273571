export * from './messages.js';
export * from './errors.js';
export * from './money.js';
export * from './health.js';
export * from './fleet.js';
export * from './registry.js';
export * from './reporting.js';
export * from './booking-events.js';
