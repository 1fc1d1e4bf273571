import type { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client.js';

export { PrismaClient as BookingDb };
export const createBookingDb = (adapter: PrismaPg) => new PrismaClient({ adapter });
