import type { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client.js';

export { PrismaClient as ReportingDb };
export type { Prisma as ReportingPrisma } from './generated/prisma/client.js';
export const createReportingDb = (adapter: PrismaPg) => new PrismaClient({ adapter });
