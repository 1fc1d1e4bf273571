import type { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client.js';

export { PrismaClient as DriversDb };
export const createDriversDb = (adapter: PrismaPg) => new PrismaClient({ adapter });
