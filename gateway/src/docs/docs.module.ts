import { Module } from '@nestjs/common';
import { DocsController } from './docs.controller.js';

/** The OpenAPI and AsyncAPI documents, built from the route table and the contracts. */
@Module({
  controllers: [DocsController],
})
export class DocsModule {}
