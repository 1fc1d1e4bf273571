export { FleetModule, FLEET_MIGRATIONS } from './fleet.module.js';
