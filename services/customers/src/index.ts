export { CustomersModule, CUSTOMERS_MIGRATIONS } from './customers.module.js';
