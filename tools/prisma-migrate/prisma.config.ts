// Prisma 6.19 config for the migration tool only (see README.md). It makes the CLI use the
// WebAssembly schema engine through @prisma/adapter-pg, so no native engine is ever needed.
import { PrismaPg } from "@prisma/adapter-pg";
import { defineConfig } from "prisma/config";

// Prisma 6 checks at start-up that engine files exist; it never runs these with engine "js".
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= "/bin/false";
process.env.PRISMA_QUERY_ENGINE_LIBRARY ??= "/bin/false";

const connectionString =
  process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  adapter: async () => new PrismaPg({ connectionString }),
});
