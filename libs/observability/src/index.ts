export * from './request-context.js';
export * from './logging.js';
export * from './metrics.js';
export * from './http-hooks.js';
