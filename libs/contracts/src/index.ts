/*
 * Every contract of the system, by service: `common` (envelopes, errors, money, LA time, health),
 * then each service's HTTP payloads, RPC subjects and events. Packages that need only one area
 * import its subpath (`@limo/contracts/booking`), which keeps the web app's bundles small.
 */
export * from './common/index.js';
export * from './booking/index.js';
export * from './drivers/index.js';
export * from './fleet/index.js';
export * from './reporting/index.js';
export * from './notifications/index.js';
export * from './customers/index.js';
export * from './registry.js';
