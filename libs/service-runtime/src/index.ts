export * from './config.js';
export * from './tokens.js';
export * from './outbox.js';
export * from './health.js';
export * from './service-metrics.js';
export * from './service-runtime.module.js';
export * from './bootstrap.js';
export * from './jobs.js';
