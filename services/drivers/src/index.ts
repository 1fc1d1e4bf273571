export { DriversModule, DRIVERS_MIGRATIONS } from './drivers.module.js';
