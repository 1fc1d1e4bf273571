import type { z } from 'zod';

const API_RESPONSES = 'limo:apiResponses';

export interface ApiResponseOptions {
  /** Defaults to the handler's @HttpCode, else 201 for POST and 200 for the rest (Nest's own rule). */
  status?: number;
  /** `application/json` unless said otherwise (`text/csv` for the report downloads). */
  contentType?: string;
  description?: string;
}

export interface ApiResponseEntry extends ApiResponseOptions {
  schema: z.ZodType;
}

/**
 * Documents what a handler answers, with the contract schema it returns. Handlers return
 * promises of inferred types, which leave no trace at run time, so the OpenAPI document needs
 * this one line per handler; the docs test fails for a route that lacks it. Stackable: a
 * handler with two outcomes (the health check's 200 and 503) carries two.
 */
export function ApiResponse(schema: z.ZodType, options: ApiResponseOptions = {}): MethodDecorator {
  return (_target, _key, descriptor) => {
    const handler = descriptor.value as object;
    const earlier: ApiResponseEntry[] = Reflect.getMetadata(API_RESPONSES, handler) ?? [];
    Reflect.defineMetadata(API_RESPONSES, [...earlier, { schema, ...options }], handler);
    return descriptor;
  };
}

export function apiResponsesOf(handler: object): ApiResponseEntry[] {
  return Reflect.getMetadata(API_RESPONSES, handler) ?? [];
}
