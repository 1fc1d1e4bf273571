import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import vm from 'node:vm';

/**
 * `npm start` and `npm test` on a fresh clone (no node_modules): each installs the dependencies
 * itself before importing anything from them (scripts/lib/dependencies.mjs).
 */
describe('the README\'s two commands on a fresh clone', () => {
  /** Every module a script imports statically, followed through its relative imports: what Node links before the script's first line runs. */
  async function staticImports(entry: string, seen = new Set<string>()): Promise<string[]> {
    if (seen.has(entry)) return [];
    seen.add(entry);
    const module = new vm.SourceTextModule(await readFile(entry, 'utf8'), { identifier: entry });
    const found: string[] = [];
    for (const specifier of module.dependencySpecifiers) {
      if (specifier.startsWith('.')) found.push(...(await staticImports(resolve(dirname(entry), specifier), seen)));
      else found.push(specifier);
    }
    return found;
  }

  it.each(['scripts/start.mjs', 'scripts/test.mjs'])('%s imports only Node\'s own modules before it installs the dependencies', async (script) => {
    const imports = await staticImports(resolve(script));
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((specifier) => !specifier.startsWith('node:'))).toEqual([]);
  });

  describe('installing', () => {
    let project: string;
    const helper = resolve('scripts/lib/dependencies.mjs');
    /** Runs the check in the project as the scripts do, returning what it printed. */
    const ensure = () => {
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', `import { ensureDependencies } from ${JSON.stringify(helper)}; ensureDependencies();`], { cwd: project, encoding: 'utf8' });
      expect(run.status).toBe(0);
      return run.stdout;
    };

    beforeAll(async () => {
      // A project with one dependency of its own (a local folder: no registry needed).
      project = await mkdtemp(join(tmpdir(), 'limo-fresh-'));
      await mkdir(join(project, 'dep'));
      await writeFile(join(project, 'dep', 'package.json'), JSON.stringify({ name: 'dep', version: '1.0.0' }));
      await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'fresh', private: true, dependencies: { dep: 'file:./dep' } }));
      expect(spawnSync('npm', ['install', '--package-lock-only', '--no-audit', '--no-fund'], { cwd: project }).status).toBe(0);
    }, 60_000);
    afterAll(() => rm(project, { recursive: true, force: true }));

    it('installs them when node_modules is missing, saying so in one line', () => {
      expect(existsSync(join(project, 'node_modules'))).toBe(false);
      expect(ensure()).toContain('Installing the dependencies (npm ci): they are not installed yet.');
      expect(existsSync(join(project, 'node_modules', 'dep', 'package.json'))).toBe(true);
    }, 60_000);

    it('leaves them alone when they match the lock file', () => {
      expect(ensure()).toBe('');
    });

    it('installs them again when the lock file is newer than node_modules (a pull that changed it)', async () => {
      // As if installed before the pull: an hour older than the lock file.
      const before = new Date(Date.now() - 3_600_000);
      await utimes(join(project, 'node_modules', '.package-lock.json'), before, before);
      expect(ensure()).toContain('Installing the dependencies (npm ci): package-lock.json changed since they were installed.');
      expect(ensure()).toBe('');
    }, 60_000);
  });
});
