import type { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client.js';

export { PrismaClient as FleetDb };
export const createFleetDb = (adapter: PrismaPg) => new PrismaClient({ adapter });
