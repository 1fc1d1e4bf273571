import { ApiErrorBody } from '@limo/contracts';
import type { RouteEntry } from '../auth/route-table.js';
import { rawBodyOf, type RawBodyRoute } from '../http/raw-body.js';
import { apiResponsesOf } from './api-response.decorator.js';
import { SECURITY_SCHEMES, securityOf } from './api-security.js';
import { jsonSchemaOf, type JsonSchema } from './json-schema.js';
import { OPERATION_SUMMARIES } from './operation-summaries.js';
import { routeInputs, type RouteInput, type RouteInputs } from './route-inputs.js';

const API_VERSION = '1.0.0';

type Operation = Record<string, unknown> & { responses: Record<string, unknown> };
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: Record<string, unknown>;
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, unknown>;
  [key: string]: unknown;
}

const ERROR_REF = { $ref: '#/components/schemas/ApiError' };
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_REF } } });

/**
 * The gateway's OpenAPI 3.1 document, built from its route table: for each route the schemas
 * of its validation pipes (path, query, body), the response schema of its @ApiResponse, its
 * security, and the error body every failure shares.
 */
export function buildOpenApi(routes: readonly RouteEntry[]): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const sorted = [...routes].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  for (const route of sorted) {
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operationOf(route, path);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Prestige Limo API',
      version: API_VERSION,
      description:
        'The HTTP API of the booking platform, generated from the zod contracts the gateway validates with. Every error answers `{statusCode, message, errors?}`. The messages between the services are described by the AsyncAPI document at /api/asyncapi.json.',
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    // Relative: the API is served by the gateway that serves this document, wherever it runs.
    servers: [{ url: '/', description: 'The gateway serving this document' }],
    paths,
    components: {
      schemas: { ApiError: jsonSchemaOf(ApiErrorBody, 'output') },
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

function operationOf(route: RouteEntry, path: string): Operation {
  const inputs = routeInputs(route.controller, route.handlerName, route.method);
  const handler = (route.controller.prototype as Record<string, object>)[route.handlerName];
  const parameters = [
    ...pathParameters(route.path, inputs.params),
    ...inputs.query.flatMap((input) => queryParameters(input)),
    ...inputs.headers.map((input) => ({ name: input.name, in: 'header', required: false, schema: schemaOrString(input) })),
  ];
  const responses: Operation['responses'] = {};
  for (const entry of apiResponsesOf(handler)) {
    const status = String(entry.status ?? inputs.successStatus);
    responses[status] = {
      description: entry.description ?? describeStatus(Number(status)),
      content: { [entry.contentType ?? 'application/json']: { schema: jsonSchemaOf(entry.schema, 'output') } },
    };
  }
  for (const [status, response] of Object.entries(errorResponses(route, inputs, parameters.length > 0, rawBodyOf(handler)))) responses[status] ??= response;
  return {
    operationId: `${route.controller.name.replace(/Controller$/, '')}_${route.handlerName}`,
    summary: OPERATION_SUMMARIES[`${route.method} ${path}`],
    tags: [tagOf(route.path)],
    ...(parameters.length ? { parameters } : {}),
    ...(inputs.body ? { requestBody: { required: true, content: requestContent(inputs.body, rawBodyOf(handler)) } } : {}),
    responses,
    security: securityOf(route),
  };
}

const ERRORS: [status: string, description: string][] = [
  ['400', 'Invalid input: `message` names the first problem, `errors` lists each field'],
  ['401', 'Admin credentials or driver session missing or refused'],
  ['403', 'Password change required (a driver signed in with a temporary password)'],
  ['404', 'No such resource'],
  ['413', 'Request body larger than the limit (100 kB by default)'],
  ['415', 'Request body that is not application/json'],
  ['4XX', 'Other client errors (409 conflict, 429 too many requests with Retry-After, ...)'],
  ['5XX', 'Server errors: 500 unexpected, 502 invalid service reply, 503 service unavailable, 504 service timeout'],
];

/** The failures a route can answer, all with the API error body; 4XX and 5XX cover the rest. */
function errorResponses(route: RouteEntry, inputs: RouteInputs, hasParameters: boolean, raw?: RawBodyRoute): Record<string, unknown> {
  const applies: Record<string, boolean> = {
    '400': inputs.body !== undefined || hasParameters,
    '401': route.adminOnly || route.adminOptional || route.driverOnly || route.customerOnly,
    '403': route.driverOnly,
    '404': inputs.params.length > 0,
    '413': route.takesBody,
    '415': route.takesBody,
  };
  // A route that reads bytes has its own limit, and refuses what its handler cannot read.
  const own: Record<string, string> = raw ? { '413': raw.tooLarge, '415': `Request body that is not ${raw.mediaType}` } : {};
  return Object.fromEntries(ERRORS.filter(([status]) => applies[status] !== false).map(([status, description]) => [status, errorResponse(own[status] ?? description)]));
}

/** JSON as its pipe's schema says, or the bytes of a @RawBody route (a photo). */
function requestContent(body: RouteInput, raw?: RawBodyRoute) {
  if (raw) return { [raw.mediaType]: { schema: { type: 'string', contentMediaType: raw.mediaType } } };
  return { 'application/json': { schema: bodySchema(body) } };
}

/** Every `:name` of the path, described by its pipe's schema when it has one. */
function pathParameters(path: string, params: RouteInput[]) {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: schemaOrString(params.find((p) => p.name === name)),
  }));
}

/**
 * `@Query('q', pipe)` is one parameter; `@Query(pipe)` validates the whole query object, so each
 * property of its schema becomes a parameter of its own, required as the schema says.
 */
function queryParameters(input: RouteInput) {
  if (input.name) return [{ name: input.name, in: 'query', required: false, schema: schemaOrString(input) }];
  if (!input.schema) return [];
  const schema = jsonSchemaOf(input.schema, 'input');
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ name, in: 'query', required: required.has(name), schema: property }));
}

const schemaOrString = (input?: RouteInput) => (input?.schema ? jsonSchemaOf(input.schema, 'input') : { type: 'string' });
// A body read without a pipe accepts any JSON value.
const bodySchema = (input: RouteInput) => (input.schema ? jsonSchemaOf(input.schema, 'input') : {});

/** `/api/admin/revenue/daily` → admin; `/api/bookings/{id}` → bookings; `/api/openapi.json` → docs. */
function tagOf(path: string): string {
  const area = path.split('/').filter(Boolean)[1] ?? 'api';
  return area.endsWith('.json') ? 'docs' : area;
}

function describeStatus(status: number): string {
  const known: Record<number, string> = { 200: 'OK', 201: 'Created', 204: 'No content', 503: 'Service unavailable' };
  return known[status] ?? `Status ${status}`;
}
