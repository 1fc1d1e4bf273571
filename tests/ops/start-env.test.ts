// @ts-expect-error: a plain ES module of the scripts, without type declarations
import { startEnvironment } from '../../scripts/lib/start-env.mjs';

/** The environment `npm start` hands its processes (scripts/lib/start-env.mjs); the start itself is in supervisor.test.ts. */
describe("npm start's environment", () => {
  const start = (env: Record<string, string>) => startEnvironment(env) as Record<string, string | undefined>;

  it('points the links in customer messages at the site it serves, on its own port', () => {
    expect(start({}).PUBLIC_BASE_URL).toBe('http://localhost:3000');
    expect(start({ PORT: '3400' }).PUBLIC_BASE_URL).toBe('http://localhost:3400');
  });

  it("keeps the operator's own site address and settings", () => {
    const env = start({ PORT: '3400', PUBLIC_BASE_URL: 'https://limo.example', HOST: '0.0.0.0', SEED_DEMO_DATA: 'false' });
    expect(env).toMatchObject({ PUBLIC_BASE_URL: 'https://limo.example', HOST: '0.0.0.0', SEED_DEMO_DATA: 'false', SEED_DEMO_BOOKINGS: 'false', PORT: '3400' });
  });

  it('starts with demo data and readable logs on this machine only, unless told otherwise', () => {
    expect(start({})).toMatchObject({ PORT: '3000', SEED_DEMO_DATA: 'true', SEED_DEMO_BOOKINGS: 'true', NODE_ENV: 'development', LOG_PRETTY: 'true', HOST: 'localhost' });
    expect(start({ NODE_ENV: 'production' }).LOG_PRETTY).toBe('false');
  });
});
