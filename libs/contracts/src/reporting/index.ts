export * from './http.js';
export * from './rpc.js';
