export { ReportingModule, REPORTING_MIGRATIONS } from './reporting.module.js';
/** For the benchmark's loader: recompute the aggregates from booking_facts. */
export { recomputeBookingAggregates } from './projections/recompute-aggregates.js';
