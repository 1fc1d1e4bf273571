import { Injectable } from '@nestjs/common';
import { PrismaClient, type SignInCode } from '../generated/prisma/client.js';
import type { CustomersTx } from '../customers.tx.js';
import type { HashedCode } from './sign-in-code.js';

/** Reads and writes of the sign-in codes: one live code per email, hashed. */
@Injectable()
export class SignInCodesRepository {
  constructor(private readonly db: PrismaClient) {}

  /** The email's new code, in place of any previous one (whose tries it does not inherit). */
  async replace(email: string, code: HashedCode, expiresAt: Date): Promise<void> {
    const row = { ...code, expiresAt, tries: 0, createdAt: new Date() };
    await this.db.signInCode.upsert({ where: { email }, create: { email, ...row }, update: row });
  }

  /** The email's live code row as it stands (to put back if its replacement cannot be sent). */
  async find(email: string): Promise<SignInCode | null> {
    return this.db.signInCode.findUnique({ where: { email } });
  }

  /**
   * Puts back the code a failed send replaced, if that failed one is still the email's (a newer
   * request since is left alone): `previous` null, there was none.
   */
  async putBack(email: string, replacement: HashedCode, previous: SignInCode | null): Promise<void> {
    if (previous) {
      const { email: _email, ...row } = previous;
      await this.db.signInCode.updateMany({ where: { email, codeHash: replacement.codeHash }, data: row });
    } else await this.db.signInCode.deleteMany({ where: { email, codeHash: replacement.codeHash } });
  }

  /** The email's code, locked for the rest of the transaction: two tries at once count as two. */
  async lock(tx: CustomersTx, email: string): Promise<SignInCode | undefined> {
    const rows = await tx.$queryRaw<{ email: string }[]>`SELECT email FROM sign_in_codes WHERE email = ${email} FOR UPDATE`;
    if (rows.length === 0) return undefined;
    return (await tx.signInCode.findUnique({ where: { email } })) ?? undefined;
  }

  async countWrongTry(tx: CustomersTx, email: string): Promise<void> {
    await tx.signInCode.update({ where: { email }, data: { tries: { increment: 1 } } });
  }

  /** A code is used once: gone when it signs someone in. */
  async remove(tx: CustomersTx, email: string): Promise<void> {
    await tx.signInCode.deleteMany({ where: { email } });
  }
}
