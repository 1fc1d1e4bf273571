/**
 * Fastify's refusals of a request body (they happen before any handler), in the API's words:
 * malformed JSON (a compressed body included: it is not inflated) is a 400, an oversize body a 413.
 * Keyed by the error codes of Fastify's content-type parser.
 */
const BODY_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Malformed JSON in request body' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Request body does not match its Content-Length' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported Media Type: request bodies must be application/json' },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, message: 'Invalid Content-Type header' },
};

/** The API's status and message for a body Fastify refused, or undefined for any other error. */
export function bodyErrorOf(error: unknown): { status: number; message: string } | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && Object.hasOwn(BODY_ERRORS, code) ? BODY_ERRORS[code] : undefined;
}
