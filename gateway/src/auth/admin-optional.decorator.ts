import { SetMetadata } from '@nestjs/common';

export const ADMIN_OPTIONAL = 'limo:adminOptional';

/**
 * A public route that behaves differently for an admin: without an Authorization header it is
 * anonymous; with one, the credentials must be valid (401 otherwise) and `req.user` is the admin.
 */
export const AdminOptional = () => SetMetadata(ADMIN_OPTIONAL, true);
