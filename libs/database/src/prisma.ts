import { PrismaPg } from '@prisma/adapter-pg';

/**
 * Driver adapter bound to one service's schema. adapter-pg ignores `?schema=` in the URL, so the
 * schema goes both to Prisma and to the session's search_path (for `$queryRaw`).
 */
export function createPrismaAdapter(connectionString: string, schema: string, poolSize = 10): PrismaPg {
  return new PrismaPg(
    { connectionString, options: `-c search_path=${schema}`, max: poolSize },
    { schema },
  );
}
