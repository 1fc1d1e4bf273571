export * from './account.js';
export * from './events.js';
export * from './rpc.js';
export * from './loyalty.js';
