// The environment `npm start` gives the product's processes, before its secrets and NATS logins:
// the demo data, a development log, this machine only, and the site's own address for the links
// the messages carry. Node's own modules only (it runs before the dependencies are checked).

/**
 * What `npm start` adds to the operator's environment; anything the operator set wins.
 * @param {Record<string, string | undefined>} processEnv
 * @returns {Record<string, string | undefined>}
 */
export function startEnvironment(processEnv) {
  const PORT = processEnv.PORT ?? '3000';
  const env = {
    ...processEnv,
    PORT,
    SEED_DEMO_DATA: processEnv.SEED_DEMO_DATA ?? 'true',
    SEED_DEMO_BOOKINGS: processEnv.SEED_DEMO_BOOKINGS ?? processEnv.SEED_DEMO_DATA ?? 'true',
    NODE_ENV: processEnv.NODE_ENV ?? 'development',
  };
  // Readable log lines on a developer's terminal; JSON (for a log collector) when asked or in production.
  env.LOG_PRETTY ??= env.NODE_ENV === 'production' ? 'false' : 'true';
  // A development start serves this machine only; HOST opens it to a network.
  env.HOST ||= 'localhost';
  // The links in emails and SMS (manage a booking, sign in, tracking) open the site this start
  // serves: on another PORT they would otherwise point at the notifications service's default, 3000.
  env.PUBLIC_BASE_URL ||= localSiteUrl(PORT);
  return env;
}

/** The address `npm start` prints and waits on. */
export const localSiteUrl = (port) => `http://localhost:${port}`;
