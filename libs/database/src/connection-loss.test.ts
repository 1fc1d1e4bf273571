import { isConnectionLoss } from './connection-loss.js';

describe('isConnectionLoss: a database that could not be had, not a bad request', () => {
  it("knows pg's, Postgres's and Prisma's ways of saying so, through the layers that wrap them", () => {
    expect(isConnectionLoss(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isConnectionLoss(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isConnectionLoss({ code: 'P2024', message: 'Timed out fetching a new connection from the connection pool' })).toBe(true);
    expect(isConnectionLoss({ code: 'P2028', message: 'Transaction API error: Unable to start a transaction in the given time.' })).toBe(true);
    expect(isConnectionLoss({ code: 'P2010', meta: { driverAdapterError: { cause: { originalCode: '08006' } } } })).toBe(true);
    expect(isConnectionLoss(new Error('wrapped', { cause: { code: '57P03' } }))).toBe(true);
  });

  it('takes a write refused by a standby (a failover moved the primary) as a connection to try again', () => {
    expect(isConnectionLoss(Object.assign(new Error('cannot execute INSERT in a read-only transaction'), { code: '25006' }))).toBe(true);
    expect(isConnectionLoss({ code: 'P2010', message: 'Raw query failed. Code: `25006`. Message: `cannot execute INSERT in a read-only transaction`', meta: { code: '25006' } })).toBe(true);
    expect(isConnectionLoss({ code: 'P2010', meta: { driverAdapterError: { cause: { originalCode: '25006' } } } })).toBe(true);
  });

  it('leaves every other error alone', () => {
    expect(isConnectionLoss(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }))).toBe(false);
    expect(isConnectionLoss({ code: 'P2002', message: 'Unique constraint failed' })).toBe(false);
    expect(isConnectionLoss(new Error('Booking 7 not found'))).toBe(false);
    expect(isConnectionLoss(undefined)).toBe(false);
  });
});
