import { Controller, Get, Header } from '@nestjs/common';
import { z } from 'zod';
import { RouteTable } from '../auth/route-table.js';
import { ApiResponse } from './api-response.decorator.js';
import { buildAsyncApi, type AsyncApiDocument } from './asyncapi.js';
import { buildOpenApi, type OpenApiDocument } from './openapi.js';

// The documents describe themselves only loosely: their own schemas are the OpenAPI and AsyncAPI specifications.
const OpenApiShape = z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.record(z.string(), z.unknown()) });
const AsyncApiShape = z.looseObject({ asyncapi: z.string(), channels: z.record(z.string(), z.unknown()) });

/**
 * The API's own documentation (public, like the API): OpenAPI for HTTP, AsyncAPI for NATS.
 * Each is built once, on first request: routes and contracts are fixed once the app is up.
 */
@Controller('api')
export class DocsController {
  private openApi: OpenApiDocument | undefined;
  private asyncApi: AsyncApiDocument | undefined;

  constructor(private readonly routes: RouteTable) {}

  @Get('openapi.json')
  @Header('Cache-Control', 'no-cache')
  @ApiResponse(OpenApiShape, { description: 'This document (OpenAPI 3.1)' })
  openapi(): OpenApiDocument {
    this.openApi ??= buildOpenApi(this.routes.list());
    return this.openApi;
  }

  @Get('asyncapi.json')
  @Header('Cache-Control', 'no-cache')
  @ApiResponse(AsyncApiShape, { description: 'The NATS subjects between the services (AsyncAPI 3.0), as in docs/asyncapi.json' })
  asyncapi(): AsyncApiDocument {
    this.asyncApi ??= buildAsyncApi();
    return this.asyncApi;
  }
}
