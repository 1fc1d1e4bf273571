/** The service's parsed configuration (its own schema, which extends ServiceConfig). */
export const SERVICE_CONFIG = Symbol('ServiceConfig');
/** The service's Prisma client, also provided under its own generated class. */
export const DATABASE = Symbol('Database');
/** The service's pg pool (pg.Pool), the one Prisma runs on: for a hot path's single statement. */
export const SQL_POOL = Symbol('SqlPool');
export const NATS_CONNECTION = Symbol('NatsConnection');

/** Which service this is and which instance of it (several replicas run at once). */
export interface ServiceIdentity {
  service: string;
  instance: string;
}
export const SERVICE_IDENTITY = Symbol('ServiceIdentity');
