export * from './messages.js';
export * from './errors.js';
export * from './money.js';
export * from './business-time.js';
export * from './health.js';
export * from './live.js';
export * from './text-rule.js';
export { wholeNumberText } from './field-rules.js';
export * from './map.js';
