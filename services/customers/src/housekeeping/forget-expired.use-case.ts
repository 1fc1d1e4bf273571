import { Injectable } from '@nestjs/common';
import { PrismaClient } from '../generated/prisma/client.js';

/**
 * Deletes the sign-in codes and sessions that can no longer open anything: an expired code answers
 * the same 401 as none, and an expired session the same 401 as an unknown one, so nothing is lost.
 * Safe to run twice, and on every replica at once.
 */
@Injectable()
export class ForgetExpired {
  constructor(private readonly db: PrismaClient) {}

  async execute(now = new Date()): Promise<{ codes: number; sessions: number }> {
    const [codes, sessions] = await Promise.all([
      this.db.signInCode.deleteMany({ where: { expiresAt: { lte: now } } }),
      this.db.session.deleteMany({ where: { expiresAt: { lte: now } } }),
    ]);
    return { codes: codes.count, sessions: sessions.count };
  }
}
