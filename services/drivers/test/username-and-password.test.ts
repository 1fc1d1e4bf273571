import { pickUsername, usernameBase } from '../src/drivers/username.js';
import { generateTemporaryPassword, hashPassword, verifyPassword } from '../src/auth/password-hash.js';

describe('driver usernames (spec: 4 letters of the last name + 2 of the first, lower-case)', () => {
  it('applies the rule', () => {
    expect(usernameBase('John', 'Smith')).toBe('smitjo');
    expect(usernameBase('Elena', 'Vasquez')).toBe('vasqel');
  });

  it('uses what letters there are for short names and drops accents, spaces and punctuation', () => {
    expect(usernameBase('Al', 'Li')).toBe('lial');
    expect(usernameBase('J', 'Ng')).toBe('ngj');
    expect(usernameBase('José', "O'Brien-Núñez")).toBe('obrijo');
    expect(usernameBase('Mary Ann', 'de la Cruz')).toBe('delama');
  });

  it('falls back to "driver" when no letter is usable', () => {
    expect(usernameBase('李', '王')).toBe('driver');
  });

  it('adds the smallest free number from 2 when the name is taken', () => {
    expect(pickUsername('smitjo', [])).toBe('smitjo');
    expect(pickUsername('smitjo', ['smitjo'])).toBe('smitjo2');
    expect(pickUsername('smitjo', ['smitjo', 'smitjo2', 'smitjo4'])).toBe('smitjo3');
    expect(pickUsername('smitjo', ['smitjon', 'smitjo2'])).toBe('smitjo');
  });
});

describe('password hashes', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(hash).not.toContain('correct horse');
    await expect(verifyPassword(hash, 'correct horse')).resolves.toBe(true);
    await expect(verifyPassword(hash, 'correct hors')).resolves.toBe(false);
  });

  it('salts every hash, so the same password hashes differently', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('refuses malformed stored hashes instead of throwing', async () => {
    for (const stored of ['', 'plain', 'scrypt$1$2$3', 'scrypt$x$8$1$AAAA$BBBB', 'bcrypt$1$2$3$4$5']) {
      await expect(verifyPassword(stored, 'x')).resolves.toBe(false);
    }
  });

  it('makes random 12-character temporary passwords without look-alike characters', () => {
    const passwords = new Set(Array.from({ length: 200 }, () => generateTemporaryPassword()));
    expect(passwords.size).toBe(200);
    for (const p of passwords) expect(p).toMatch(/^[A-HJ-NP-Za-km-z2-9]{12}$/);
  });
});
