import { SetMetadata } from '@nestjs/common';

export const ADMIN_ONLY = 'limo:adminOnly';

/**
 * Marks a route (or a whole controller) as admin-only. The admin auth guard enforces it, and
 * the auth test finds every admin route from this metadata instead of a hand-kept list.
 * Every path under /api/admin/ is admin-only whether marked or not.
 */
export const AdminOnly = () => SetMetadata(ADMIN_ONLY, true);
