export * from './car.js';
export * from './http.js';
export * from './messages.js';
export * from './portal.js';
export * from './events.js';
export * from './rpc.js';
