export * from './values.js';
export * from './limits.js';
export * from './messages.js';
export * from './pricing.js';
export * from './dispatch.js';
export * from './http.js';
export * from './events.js';
export * from './rpc.js';
