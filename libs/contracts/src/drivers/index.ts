export * from './http.js';
export * from './events.js';
export * from './rpc.js';
