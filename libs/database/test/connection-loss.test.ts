import { isConnectionLoss } from '../src/connection-loss.js';

describe('isConnectionLoss', () => {
  it('recognises a terminated connection through Prisma, pg and Postgres codes', () => {
    // As Prisma 7 with the pg adapter reports pg_terminate_backend in the middle of a transaction.
    const prisma = Object.assign(new Error('Database error. Code: `57P01`. Message: `terminating connection due to administrator command`'), {
      code: 'P2039',
      meta: { driverAdapterError: { name: 'DriverAdapterError', cause: { originalCode: '57P01', kind: 'postgres', code: '57P01' } } },
    });
    expect(isConnectionLoss(prisma)).toBe(true);
    expect(isConnectionLoss(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(isConnectionLoss(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLoss(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isConnectionLoss(Object.assign(new Error('Timed out fetching a new connection from the connection pool'), { code: 'P2024' }))).toBe(true);
    expect(isConnectionLoss(Object.assign(new Error('wrapped'), { cause: { code: '08006' } }))).toBe(true);
  });

  it('leaves every other error alone: a constraint, a bug, a thrown string', () => {
    expect(isConnectionLoss(Object.assign(new Error('Unique constraint failed'), { code: 'P2002' }))).toBe(false);
    expect(isConnectionLoss(Object.assign(new Error('invalid byte sequence'), { meta: { driverAdapterError: { cause: { originalCode: '22021' } } } }))).toBe(false);
    expect(isConnectionLoss(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isConnectionLoss('boom')).toBe(false);
    expect(isConnectionLoss(undefined)).toBe(false);
  });
});
