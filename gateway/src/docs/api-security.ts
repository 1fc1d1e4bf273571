import type { RouteEntry } from '../auth/route-table.js';

/** The API's authentication schemes as OpenAPI security schemes. */
export const SECURITY_SCHEMES = {
  adminBasic: {
    type: 'http',
    scheme: 'basic',
    description:
      'An admin account (HTTP Basic). Refused credentials get 401; requests marked `X-Requested-With: XMLHttpRequest` get no `WWW-Authenticate` challenge, so browsers show no login prompt.',
  },
  driverSession: {
    type: 'apiKey',
    in: 'cookie',
    name: 'limo_driver',
    description:
      'A driver session, set by POST /api/drivers/login (httpOnly, SameSite=Strict). Without one: 401; before the temporary password is changed: 403 for every call but the change and logout.',
  },
  customerSession: {
    type: 'apiKey',
    in: 'cookie',
    name: 'limo_customer',
    description: 'A customer session, set by POST /api/account/sign-in with an emailed one-time code (httpOnly, SameSite=Lax). Without one: 401.',
  },
} as const;

export type SecuritySchemeName = keyof typeof SECURITY_SCHEMES;
type SecurityRequirement = Partial<Record<SecuritySchemeName, string[]>>;

/**
 * The OpenAPI `security` of one route: admin-only routes need the admin scheme; admin-optional
 * ones work anonymously (`{}`) or as an admin; public routes say so with an empty list.
 */
export function securityOf(route: Pick<RouteEntry, 'adminOnly' | 'adminOptional' | 'driverOnly' | 'customerOnly'>): SecurityRequirement[] {
  if (route.adminOnly) return [{ adminBasic: [] }];
  if (route.driverOnly) return [{ driverSession: [] }];
  if (route.customerOnly) return [{ customerSession: [] }];
  if (route.adminOptional) return [{}, { adminBasic: [] }];
  return [];
}
