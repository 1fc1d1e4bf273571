export * from './config.js';
export * from './runtime.js';
export * from './health.controller.js';
export * from './main-helpers.js';
