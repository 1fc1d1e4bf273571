import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error: a plain ES module of the scripts, without type declarations
import { developmentSecrets } from '../../scripts/lib/dev-secrets.mjs';

/** `npm start`'s kept secrets (scripts/lib/dev-secrets.mjs); the start itself is in supervisor.test.ts. */
describe('npm start\'s development secrets', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'limo-secrets-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

  it('makes a random secret on the first start, in a file only its owner can read, and keeps it for the next', async () => {
    const file = join(dir, 'var', 'dev-secrets.json');
    const first = developmentSecrets(file) as Record<string, string>;
    expect(first.LINK_SIGNING_SECRET).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await modeOf(file)).toBe(0o600);
    expect(developmentSecrets(file)).toEqual(first);
    expect(developmentSecrets(join(dir, 'other.json')).LINK_SIGNING_SECRET).not.toBe(first.LINK_SIGNING_SECRET);
  });

  it('closes a kept file that became readable by others, and adds a secret it lacks without changing the rest', async () => {
    const file = join(dir, 'dev-secrets.json');
    await writeFile(file, JSON.stringify({ LINK_SIGNING_SECRET: 'k'.repeat(43) }));
    await chmod(file, 0o644);
    expect(developmentSecrets(file)).toEqual({ LINK_SIGNING_SECRET: 'k'.repeat(43) });
    expect(await modeOf(file)).toBe(0o600);

    await writeFile(file, '{"LINK_SIGNING_SECRET": "too-short"}');
    const renewed = developmentSecrets(file) as Record<string, string>;
    expect(renewed.LINK_SIGNING_SECRET).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(renewed);
    expect(await modeOf(file)).toBe(0o600);
  });
});
