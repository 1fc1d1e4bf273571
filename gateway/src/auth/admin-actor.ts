import type { FastifyRequest } from 'fastify';
import type { Actor } from '@limo/contracts';

/** The admin who made a request, as a ride's timeline names them. */
export const adminActor = (req: FastifyRequest & { user?: unknown }): Actor => ({ kind: 'admin', id: null, name: (req.user as { username?: string } | undefined)?.username ?? null });
