import { HTTP_CODE_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import type { z } from 'zod';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';

/** One argument of a handler that comes from the request, with the schema that validates it. */
export interface RouteInput {
  /** `@Param('id')` → 'id'; `@Query()` with no name → undefined (the whole query object). */
  name?: string;
  schema?: z.ZodType;
}

export interface RouteInputs {
  body?: RouteInput;
  params: RouteInput[];
  query: RouteInput[];
  headers: RouteInput[];
  /** The status Nest answers on success: @HttpCode, else its default. */
  successStatus: number;
}

interface RouteArg {
  index: number;
  data?: unknown;
  pipes?: unknown[];
}

/**
 * What a handler reads from the request, found where Nest keeps it (the `@Body`, `@Query`,
 * `@Param` and `@Headers` metadata, with their pipes): the OpenAPI document describes exactly
 * the schemas that validate each request.
 */
export function routeInputs(controller: Function, handlerName: string, method: string): RouteInputs {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handlerName) ?? {}) as Record<string, RouteArg>;
  const inputs: RouteInputs = { params: [], query: [], headers: [], successStatus: successStatusOf(controller, handlerName, method) };
  for (const [key, arg] of Object.entries(args)) {
    const type = Number(key.split(':')[0]);
    const input: RouteInput = { name: typeof arg.data === 'string' ? arg.data : undefined, schema: schemaOf(arg.pipes) };
    if (type === RouteParamtypes.BODY) inputs.body = input;
    else if (type === RouteParamtypes.PARAM) inputs.params.push(input);
    else if (type === RouteParamtypes.QUERY) inputs.query.push(input);
    else if (type === RouteParamtypes.HEADERS && input.name) inputs.headers.push(input);
  }
  return inputs;
}

function schemaOf(pipes: unknown[] = []): z.ZodType | undefined {
  return pipes.find((pipe): pipe is ZodValidationPipe<z.ZodType> => pipe instanceof ZodValidationPipe)?.schema;
}

function successStatusOf(controller: Function, handlerName: string, method: string): number {
  const handler = (controller.prototype as Record<string, object>)[handlerName];
  const explicit = Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined;
  return explicit ?? (method === 'POST' ? 201 : 200);
}
