import type { NextFunction, Request, Response } from 'express';

/**
 * Express-level errors from the JSON body parser, which run before Nest's filters:
 * malformed JSON is a 400, an oversize body a 413, both in the API's error format.
 */
export function bodyParserErrors(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  const type = (error as { type?: string })?.type;
  if (type === 'entity.parse.failed') {
    res.status(400).json({ statusCode: 400, message: 'Malformed JSON in request body' });
  } else if (type === 'entity.too.large') {
    res.status(413).json({ statusCode: 413, message: 'Request body is too large' });
  } else if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    res.status(415).json({ statusCode: 415, message: 'Unsupported request body encoding' });
  } else {
    next(error);
  }
}
