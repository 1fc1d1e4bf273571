import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { readGatewayConfig } from '@limo/gateway';
import { basicAuth } from '../../tests/support/admin-auth.js';
import { withStack } from '../../tests/support/fixtures.js';
import type { TestStack } from '../../tests/support/stack.js';

/**
 * X-Forwarded-For is anyone's to write. The gateway believes it only from the proxies named in
 * TRUSTED_PROXIES (none by default), so a client cannot invent addresses to dodge the limits
 * that count per address: failed sign-ins (driver and admin) and self-registrations.
 */
const LIMITS = { AUTH_MAX_FAILURES_PER_IP: '3', AUTH_MAX_FAILURES_PER_USER: '10', REGISTRATIONS_PER_IP_PER_HOUR: '2' };

const spoofed = (i: number) => `203.0.113.${10 + i}`;
const selfRegistration = () => {
  const tag = randomBytes(4).toString('hex');
  return { firstName: 'Sam', lastName: `Spoof${tag}`, email: `sam-${tag}@example.com`, phone: '3105550111', licenseNumber: `L${tag}`, address: '1 Main St' };
};

/** Each attempt under another username and another made-up address; the statuses it got. */
async function driverSignInsFromInventedAddresses(stack: TestStack, attempts: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < attempts; i++) {
    const res = await request(stack.baseUrl).post('/api/drivers/login').set('X-Forwarded-For', spoofed(i)).send({ username: `nobody-${i}`, password: 'guess' });
    statuses.push(res.status);
  }
  return statuses;
}

async function adminSignInsFromInventedAddresses(stack: TestStack, attempts: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < attempts; i++) {
    const res = await request(stack.baseUrl).get('/api/admin/stats').set('X-Forwarded-For', spoofed(i)).set('Authorization', basicAuth(`intruder-${i}`, 'guess'));
    statuses.push(res.status);
  }
  return statuses;
}

async function registrationsFromInventedAddresses(stack: TestStack, attempts: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < attempts; i++) {
    const res = await request(stack.baseUrl).post('/api/register-driver').set('X-Forwarded-For', spoofed(i)).send(selfRegistration());
    statuses.push(res.status);
  }
  return statuses;
}

describe('client addresses with no trusted proxy (the default)', () => {
  const stack = withStack({ services: ['drivers'], env: LIMITS });

  it('counts failed driver sign-ins against the real address, whatever X-Forwarded-For claims', async () => {
    const statuses = await driverSignInsFromInventedAddresses(stack, 4);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('counts failed admin sign-ins against the real address, whatever X-Forwarded-For claims', async () => {
    const statuses = await adminSignInsFromInventedAddresses(stack, 4);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses[3]).toBe(429);
  });

  it('keeps the self-registration limit per real address, whatever X-Forwarded-For claims', async () => {
    const statuses = await registrationsFromInventedAddresses(stack, 3);
    expect(statuses).toEqual([201, 201, 429]);
  });

  it('ignores X-Forwarded-Proto: no HSTS for a request that only claims to be https', async () => {
    const res = await request(stack.baseUrl).get('/api/health/live').set('X-Forwarded-Proto', 'https');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('client addresses behind a trusted proxy (TRUSTED_PROXIES=loopback)', () => {
  const stack = withStack({ services: ['drivers'], env: { ...LIMITS, TRUSTED_PROXIES: 'loopback' } });

  it("takes each client's address from the proxy's X-Forwarded-For", async () => {
    expect(await driverSignInsFromInventedAddresses(stack, 4)).toEqual([401, 401, 401, 401]);
    expect(await registrationsFromInventedAddresses(stack, 3)).toEqual([201, 201, 201]);
    const res = await request(stack.baseUrl).get('/api/health/live').set('X-Forwarded-Proto', 'https');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
  });
});

describe('TRUSTED_PROXIES', () => {
  const parse = (value?: string) => readGatewayConfig({ LINK_SIGNING_SECRET: 'y'.repeat(32), ...(value === undefined ? {} : { TRUSTED_PROXIES: value }) }).TRUSTED_PROXIES;

  it('is empty by default: no proxy is trusted', () => {
    expect(parse()).toEqual([]);
    expect(parse('')).toEqual([]);
  });

  it("takes addresses, CIDR ranges and Express's range names, separated by commas", () => {
    expect(parse('loopback, 10.0.0.0/8,192.168.1.10 , fd00::/8,172.16.0.0/255.240.0.0,uniquelocal')).toEqual([
      'loopback',
      '10.0.0.0/8',
      '192.168.1.10',
      'fd00::/8',
      '172.16.0.0/255.240.0.0',
      'uniquelocal',
    ]);
  });

  it.each(['true', '*', '1', 'everything', '10.0.0.0/33', '10.0.0/8', 'fd00::/129', '10.0.0.1/8/1'])('refuses %s at start-up', (value) => {
    expect(() => parse(value)).toThrow(/TRUSTED_PROXIES must list addresses, CIDR ranges/);
  });
});
