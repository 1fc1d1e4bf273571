import type { GatewayConfig } from '../config.js';

/** Documented development defaults (README, "Admin login"); production refuses to start without real ones. */
export const DEV_ADMIN_USERNAME = 'admin';
/** @public scripts/start.mjs prints it (read from dist, where knip does not look). */
export const DEV_ADMIN_PASSWORD = 'limo-admin-dev';

export interface ConfiguredAdmin {
  username: string;
  password: string;
  /** True when the development defaults are in use. */
  isDefault: boolean;
}

export function configuredAdmin(config: GatewayConfig): ConfiguredAdmin {
  if (config.ADMIN_USERNAME && config.ADMIN_PASSWORD) {
    return { username: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD, isDefault: false };
  }
  return { username: config.ADMIN_USERNAME ?? DEV_ADMIN_USERNAME, password: config.ADMIN_PASSWORD ?? DEV_ADMIN_PASSWORD, isDefault: true };
}

/**
 * Splits a `Basic` Authorization header at the first colon (passport-http splits at every
 * colon, which would cut a password containing one). Undefined when malformed.
 */
export function parseBasicHeader(header: string | undefined): { username: string; password: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
