export * from './request-context.js';
export * from './logging.js';
export * from './metrics.js';
