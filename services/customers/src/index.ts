export { CustomersModule, CUSTOMERS_MIGRATIONS } from './customers.module.js';
export { CustomersConfig } from './customers.config.js';
