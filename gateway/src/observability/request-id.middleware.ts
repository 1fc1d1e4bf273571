import type { NextFunction, Request, Response } from 'express';
import { currentRequestId, REQUEST_ID_HEADER, runWithRequestId } from '@limo/observability';

/**
 * Gives every request its id (the caller's `x-request-id` when it is fit, else a new one), echoes
 * it in the response and keeps it for the rest of the request: log lines, NATS calls and the
 * events they cause all carry it. The web app's hashed files are not echoed one: nothing is
 * traced through them, and the header was a tenth of the bytes of the smallest of them.
 */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  runWithRequestId(req.headers[REQUEST_ID_HEADER], () => {
    if (!req.path.startsWith('/assets/')) res.setHeader(REQUEST_ID_HEADER, currentRequestId()!);
    next();
  });
}
