import { SIGN_IN_CODE } from '@limo/contracts';
import { codeExpiry, codeMatches, codeUsable, hashCode, newCode } from './sign-in-code.js';

describe('sign-in code rules', () => {
  it('makes 6-digit codes, leading zeros kept, not the same twice in a row', () => {
    const codes = Array.from({ length: 200 }, newCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });

  it('keeps a hash that matches its own code only, and differs for the same code with another salt', async () => {
    const stored = await hashCode('012345');
    expect(stored.codeHash).not.toContain('012345');
    await expect(codeMatches('012345', stored)).resolves.toBe(true);
    await expect(codeMatches('012346', stored)).resolves.toBe(false);
    await expect(codeMatches('12345', stored)).resolves.toBe(false);
    expect((await hashCode('012345')).codeHash).not.toBe(stored.codeHash);
  });

  it('is valid for 10 minutes', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    const expiresAt = codeExpiry(now);
    expect(expiresAt.toISOString()).toBe('2026-11-27T10:10:00.000Z');
    expect(codeUsable({ expiresAt, tries: 0 }, new Date('2026-11-27T10:09:59Z'))).toBe(true);
    expect(codeUsable({ expiresAt, tries: 0 }, expiresAt)).toBe(false);
  });

  it('is burnt by its 5th wrong try', () => {
    const expiresAt = new Date(Date.now() + 60_000);
    expect(SIGN_IN_CODE.maxTries).toBe(5);
    expect(codeUsable({ expiresAt, tries: 4 }, new Date())).toBe(true);
    expect(codeUsable({ expiresAt, tries: 5 }, new Date())).toBe(false);
  });
});
