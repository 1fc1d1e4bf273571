import { readFileSync } from 'node:fs';
import request from 'supertest';
import { ALL_EVENTS, ALL_RPC, ApiErrorBody } from '@limo/contracts';
import { RouteTable, type RouteEntry } from '../src/auth/route-table.js';
import { asyncApiJson } from '../src/docs/asyncapi.js';
import { OPERATION_SUMMARIES } from '../src/docs/operation-summaries.js';
import { jsonSchemaOf } from '../src/docs/json-schema.js';
import { withStack } from '../../tests/support/fixtures.js';

type Json = Record<string, any>;

/**
 * The API documents are generated, and these tests keep them complete: every route of the route
 * table is in the OpenAPI document with its inputs, its response schema, its security and the
 * error shape; every RPC subject and event of the contracts registry is in the AsyncAPI one;
 * the committed docs/asyncapi.json is what the generator writes today.
 */
describe('API documentation', () => {
  const stack = withStack({ services: [] });
  let routes: RouteEntry[];
  let openapi: Json;
  let asyncapi: Json;

  beforeAll(async () => {
    routes = stack.gateway.get(RouteTable).list();
    openapi = (await request(stack.baseUrl).get('/api/openapi.json').expect(200).expect('Content-Type', /json/)).body;
    asyncapi = (await request(stack.baseUrl).get('/api/asyncapi.json').expect(200).expect('Content-Type', /json/)).body;
  });

  const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
  const operation = (route: RouteEntry): Json | undefined => openapi.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
  const label = (route: RouteEntry) => `${route.method} ${route.path}`;

  describe('OpenAPI at /api/openapi.json', () => {
    it('is an OpenAPI 3.1 document with the admin Basic scheme and the error schema', () => {
      expect(openapi.openapi).toBe('3.1.0');
      expect(openapi.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
      expect(openapi.components.securitySchemes.adminBasic).toMatchObject({ type: 'http', scheme: 'basic' });
      expect(openapi.components.schemas.ApiError).toEqual(jsonSchemaOf(ApiErrorBody, 'output'));
    });

    it('has every route of the route table, and nothing else', () => {
      expect(routes.length).toBeGreaterThan(15);
      const documented = Object.entries(openapi.paths as Json).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
      expect(documented.sort()).toEqual(routes.map((r) => `${r.method} ${openApiPath(r.path)}`).sort());
    });

    it('says in one line what each operation does, and where the API is served', () => {
      expect(routes.filter((route) => !operation(route)?.summary).map(label)).toEqual([]);
      // And no summary is left for a route that is gone.
      const served = new Set(routes.map((route) => `${route.method} ${openApiPath(route.path)}`));
      expect(Object.keys(OPERATION_SUMMARIES).filter((key) => !served.has(key))).toEqual([]);
      expect(openapi.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    });

    it('names every operation once (clients generate their method names from operationId)', () => {
      const ids = routes.map((route) => operation(route)!.operationId);
      expect(new Set(ids).size).toBe(routes.length);
    });

    it('gives every route a success response with a schema (from its @ApiResponse)', () => {
      const missing = routes.filter((route) => {
        const success = Object.entries(operation(route)?.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
        return success.length === 0 || success.some(([, response]) => !Object.values((response as Json).content ?? {}).some((c) => (c as Json).schema));
      });
      expect(missing.map(label)).toEqual([]);
    });

    it('describes a route with the schemas that validate it', () => {
      const create = openapi.paths['/api/bookings'].post;
      expect(create.responses['201'].content['application/json'].schema.properties).toMatchObject({ id: expect.any(Object), reference: expect.any(Object) });
      expect(create.requestBody.content['application/json'].schema.properties).toMatchObject({ tripType: expect.any(Object), email: expect.any(Object) });
      expect(create.parameters).toEqual([expect.objectContaining({ name: 'idempotency-key', in: 'header' })]);
      const daily = openapi.paths['/api/admin/revenue/daily'].get;
      expect(daily.parameters.map((p: Json) => `${p.in}:${p.name}`).sort()).toEqual(['query:month', 'query:year']);
      const csv = openapi.paths['/api/admin/reports/{file}'].get;
      expect(Object.keys(csv.responses['200'].content)).toEqual(['text/csv']);
      const photo = openapi.paths['/api/drivers/{id}/photo'];
      expect(Object.keys(photo.put.requestBody.content)).toEqual(['image/*']);
      expect(photo.put.responses['413'].description).toBe('Photo must be at most 5 MB');
      expect(Object.keys(photo.get.responses['200'].content)).toEqual(['image/jpeg']);
      const health = openapi.paths['/api/health'].get;
      expect(Object.keys(health.responses)).toEqual(expect.arrayContaining(['200', '503']));
    });

    it('gives every body-reading route a request body schema and every path parameter a schema', () => {
      const problems: string[] = [];
      for (const route of routes) {
        const op = operation(route)!;
        // JSON, or the bytes of a @RawBody route (a driver's photo: image/*).
        if (route.takesBody && !Object.values(op.requestBody?.content ?? {}).some((c) => (c as Json).schema)) problems.push(`${label(route)}: no body schema`);
        for (const [, name] of route.path.matchAll(/:(\w+)/g)) {
          const param = (op.parameters ?? []).find((p: Json) => p.in === 'path' && p.name === name);
          if (!param?.required || !param.schema?.type) problems.push(`${label(route)}: path parameter ${name}`);
        }
      }
      expect(problems).toEqual([]);
    });

    it("marks admin routes with the admin scheme, driver and customer routes with their session cookies, admin-optional ones with either, public ones with an explicit empty list", () => {
      const problems: string[] = [];
      for (const route of routes) {
        const security = operation(route)!.security;
        const expected = route.adminOnly
          ? [{ adminBasic: [] }]
          : route.driverOnly
            ? [{ driverSession: [] }]
            : route.customerOnly
              ? [{ customerSession: [] }]
              : route.adminOptional
                ? [{}, { adminBasic: [] }]
                : [];
        if (JSON.stringify(security) !== JSON.stringify(expected)) problems.push(`${label(route)}: ${JSON.stringify(security)}`);
        if ((route.adminOnly || route.driverOnly || route.customerOnly) && !operation(route)!.responses['401']) problems.push(`${label(route)}: no 401`);
        if (route.driverOnly && !operation(route)!.responses['403']) problems.push(`${label(route)}: no 403`);
      }
      expect(problems).toEqual([]);
      expect(routes.filter((r) => r.adminOnly).length).toBeGreaterThanOrEqual(10);
      expect(routes.filter((r) => r.driverOnly).length).toBeGreaterThanOrEqual(14);
      expect(routes.filter((r) => r.customerOnly).map(label)).toEqual([
        'GET /api/account',
        'PATCH /api/account',
        'GET /api/account/bookings',
        'GET /api/account/loyalty',
        'GET /api/account/referrals',
        'GET /api/account/bookings/:id',
        'POST /api/account/bookings/:id/quote',
        'PATCH /api/account/bookings/:id',
        'POST /api/account/bookings/:id/cancel',
        'GET /api/account/company',
        'GET /api/account/company/months/:month',
        'GET /api/account/company/statements',
        'GET /api/account/company/statements/:file',
      ]);
    });

    it('describes the client and server errors of every route with the API error body', () => {
      for (const route of routes) {
        const responses = operation(route)!.responses as Json;
        for (const status of ['4XX', '5XX', ...(route.takesBody ? ['400', '413', '415'] : [])]) {
          expect({ route: label(route), status, schema: responses[status]?.content['application/json'].schema }).toEqual({
            route: label(route),
            status,
            schema: { $ref: '#/components/schemas/ApiError' },
          });
        }
      }
    });
  });

  describe('AsyncAPI at /api/asyncapi.json', () => {
    it('has every RPC subject of the registry, request/reply, served by its queue group', () => {
      expect(asyncapi.asyncapi).toBe('3.0.0');
      expect(ALL_RPC.length).toBeGreaterThan(20);
      for (const contract of ALL_RPC) {
        const key = `rpc.${contract.subject}`;
        expect({ key, address: asyncapi.channels[key]?.address }).toEqual({ key, address: `{prefix}.rpc.${contract.subject}` });
        expect(asyncapi.channels[key].messages.request.payload).toEqual(jsonSchemaOf(contract.request, 'input', 'draft-07'));
        const op = asyncapi.operations[key];
        expect(op).toMatchObject({ action: 'receive', channel: { $ref: `#/channels/${key}` } });
        expect(op.bindings.nats.queue).toBe(contract.subject.split('.')[0]);
        expect(op.reply.channel.$ref).toBe(`#/channels/${key}.reply`);
        const reply = asyncapi.channels[`${key}.reply`].messages.reply.payload;
        expect(reply.oneOf[0].properties.data).toEqual(jsonSchemaOf(contract.response, 'output', 'draft-07'));
      }
    });

    it('has every event of the registry on its JetStream subject, in the event envelope', () => {
      expect(ALL_EVENTS.length).toBeGreaterThan(5);
      for (const contract of ALL_EVENTS) {
        const key = `evt.${contract.type}`;
        expect({ key, address: asyncapi.channels[key]?.address }).toEqual({ key, address: `{prefix}.evt.${contract.type}` });
        const payload = asyncapi.channels[key].messages.event.payload;
        expect(payload.properties).toMatchObject({ eventId: expect.any(Object), occurredAt: expect.any(Object), aggregateId: expect.any(Object) });
        expect(payload.properties.type.const).toBe(contract.type);
        expect(payload.properties.data).toEqual(jsonSchemaOf(contract.data, 'input', 'draft-07'));
        expect(asyncapi.operations[key]).toMatchObject({ action: 'send', channel: { $ref: `#/channels/${key}` } });
      }
    });

    it('has nothing the registry does not have', () => {
      const expected = [...ALL_RPC.flatMap((c) => [`rpc.${c.subject}`, `rpc.${c.subject}.reply`]), ...ALL_EVENTS.map((c) => `evt.${c.type}`)];
      expect(Object.keys(asyncapi.channels).sort()).toEqual(expected.sort());
    });

    it('is committed up to date in docs/asyncapi.json (run `npm run docs:asyncapi` after changing a contract)', () => {
      const committed = readFileSync(new URL('../../docs/asyncapi.json', import.meta.url), 'utf8');
      expect(committed).toBe(asyncApiJson());
      expect(asyncapi).toEqual(JSON.parse(committed));
    });
  });

  describe('Swagger UI at /api/docs', () => {
    it('serves its page with scripts from files only (the CSP forbids inline script)', async () => {
      await request(stack.baseUrl).get('/api/docs').expect(301).expect('Location', '/api/docs/');
      const page = await request(stack.baseUrl).get('/api/docs/').expect(200).expect('Content-Type', /html/);
      const scripts = [...page.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBe(2);
      for (const [, attributes, body] of scripts) {
        expect(attributes).toMatch(/ src="\.\/[\w.-]+\.js"/);
        expect(body.trim()).toBe('');
      }
      expect(page.text).not.toMatch(/<style|style="|\son\w+="/);
    });

    it('serves its initializer, pointed at our document, and the Swagger UI files it loads', async () => {
      const init = await request(stack.baseUrl).get('/api/docs/swagger-initializer.js').expect(200).expect('Content-Type', /javascript/);
      expect(init.text).toContain("url: '/api/openapi.json'");
      expect(init.text).not.toContain('petstore');
      await request(stack.baseUrl).get('/api/docs/swagger-ui-bundle.js').expect(200).expect('Content-Type', /javascript/);
      await request(stack.baseUrl).get('/api/docs/swagger-ui.css').expect(200).expect('Content-Type', /css/);
    });

    it("does not serve swagger-ui-dist's other files (its demo page, its OAuth redirect)", async () => {
      for (const file of ['index.html', 'oauth2-redirect.html', 'package.json']) {
        const res = await request(stack.baseUrl).get(`/api/docs/${file}`).expect(404);
        expect(res.body).toEqual({ statusCode: 404, message: expect.any(String) });
      }
    });
  });
});
