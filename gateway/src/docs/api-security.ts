import type { RouteEntry } from '../auth/route-table.js';

/**
 * The API's authentication schemes as OpenAPI security schemes. Driver routes will add a cookie
 * scheme here (`driverSession: { type: 'apiKey', in: 'cookie', name: <the session cookie> }`)
 * and a branch in `securityOf` for the routes that need it (a `driverOnly` flag of the route
 * table, like `adminOnly`).
 */
export const SECURITY_SCHEMES = {
  adminBasic: {
    type: 'http',
    scheme: 'basic',
    description:
      'An admin account (HTTP Basic). Refused credentials get 401; requests marked `X-Requested-With: XMLHttpRequest` get no `WWW-Authenticate` challenge, so browsers show no login prompt.',
  },
} as const;

export type SecuritySchemeName = keyof typeof SECURITY_SCHEMES;
type SecurityRequirement = Partial<Record<SecuritySchemeName, string[]>>;

/**
 * The OpenAPI `security` of one route: admin-only routes need the admin scheme; admin-optional
 * ones work anonymously (`{}`) or as an admin; public routes need nothing (no `security` key).
 */
export function securityOf(route: Pick<RouteEntry, 'adminOnly' | 'adminOptional'>): SecurityRequirement[] | undefined {
  if (route.adminOnly) return [{ adminBasic: [] }];
  if (route.adminOptional) return [{}, { adminBasic: [] }];
  return undefined;
}
