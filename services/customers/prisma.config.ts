import { defineConfig } from 'prisma/config';

// `prisma generate` only checks that an engine path exists; it never runs it. Prisma's own
// download of the engine is impossible on our machines (see shared notes on Prisma).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= '/bin/false';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? '' },
});
