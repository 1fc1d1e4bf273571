export * from './messages.js';
export * from './rpc.js';
