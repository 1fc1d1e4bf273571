import type { NextFunction, Request, Response } from 'express';

/**
 * The API reads JSON bodies only (up to BODY_LIMIT; beyond it the JSON parser answers 413). Any
 * other body (a form, text, a file, JSON sent without its media type) is refused with a 415
 * before it is read, instead of reaching a handler as "no body" and failing validation with a
 * message about missing fields.
 */
export function jsonBodiesOnly(req: Request, res: Response, next: NextFunction): void {
  if (!hasBody(req) || req.is('application/json')) return next();
  res.status(415).json({ statusCode: 415, message: 'Unsupported Media Type: request bodies must be application/json' });
}

/** As Node sees it: a body is announced by a non-zero Content-Length or by Transfer-Encoding. */
function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
