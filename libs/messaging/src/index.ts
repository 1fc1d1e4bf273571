export * from './subjects.js';
export * from './connection.js';
export * from './service-error.js';
export * from './rpc-client.js';
export * from './rpc-server.js';
export * from './event-stream.js';
export * from './event-publisher.js';
export * from './event-consumer.js';
