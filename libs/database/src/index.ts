export * from './migrate.js';
export * from './prisma.js';
export * from './sql.js';
export * from './outbox.js';
export * from './processed-events.js';
export * from './connection-loss.js';
export * from './audit-cursors.js';
