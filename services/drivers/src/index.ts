export { DriversModule, DRIVERS_MIGRATIONS } from './drivers.module.js';
export { DriversConfig } from './drivers.config.js';
