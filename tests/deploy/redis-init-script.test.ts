import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { parseAllDocuments } from 'yaml';

/**
 * The init script of deploy/kubernetes/data/redis.yaml, run by sh as the pod runs it, with the
 * data volume in a temporary folder and the peers' servers and Sentinels played by a stand-in
 * redis-cli: each `<host>:<port>` file of a folder is what that server answers; no file, it is
 * down. The stand-in refuses a password on its command line and answers NOAUTH without
 * REDISCLI_AUTH, as a server with requirepass does.
 */
const manifest = readFileSync(new URL('../../deploy/kubernetes/data/redis.yaml', import.meta.url), 'utf8');
const initScript: string = parseAllDocuments(manifest)
  .map((doc) => doc.toJS())
  .find((m) => m.kind === 'ConfigMap' && m.metadata.name === 'redis-config').data['init.sh'];

const STAND_IN_REDIS_CLI = `#!/bin/sh
host=127.0.0.1; port=6379
while [ $# -gt 0 ]; do
  case "$1" in
    -h) host=$2; shift 2 ;;
    -p) port=$2; shift 2 ;;
    -a) echo "a password on the command line" >&2; exit 2 ;;
    *) break ;;
  esac
done
answer="$PEERS/$host:$port"
[ -f "$answer" ] || { echo "Could not connect to Redis at $host:$port: Connection refused" >&2; exit 1; }
[ -n "\${REDISCLI_AUTH:-}" ] || { echo "NOAUTH Authentication required."; exit 0; }
cat "$answer"
`;

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'redis-init-'));
  for (const dir of ['bin', 'peers', 'data']) mkdirSync(join(root, dir));
  writeFileSync(join(root, 'bin', 'redis-cli'), STAND_IN_REDIS_CLI);
  chmodSync(join(root, 'bin', 'redis-cli'), 0o755);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const sentinel = (pod: number, master: string) => writeFileSync(join(root, 'peers', `redis-${pod}.redis-headless:26379`), `${master}\n6379\n`);
const server = (pod: number, role: 'master' | 'slave', offset: number) =>
  writeFileSync(join(root, 'peers', `redis-${pod}.redis-headless:6379`), `# Replication\r\nrole:${role}\r\nconnected_slaves:0\r\nmaster_repl_offset:${offset}\r\n`);
const conf = (file: string) => join(root, 'data', 'conf', file);

/** Runs the script as pod redis-<pod> would and returns the master its redis.conf follows (itself: no replicaof). */
function start(pod: number): string {
  execFileSync('sh', ['-c', initScript.replaceAll('/data', join(root, 'data'))], {
    env: { PATH: `${join(root, 'bin')}:${process.env.PATH}`, HOSTNAME: `redis-${pod}`, REDIS_PASSWORD: 'secret-password', PEERS: join(root, 'peers') },
  });
  const replicaOf = /^replicaof (\S+) 6379$/m.exec(readFileSync(conf('redis.conf'), 'utf8'));
  return replicaOf ? replicaOf[1] : `redis-${pod}.redis-headless`;
}

describe('the Redis pods\' init script', () => {
  it('follows the master the Sentinels name', () => {
    sentinel(2, 'redis-2.redis-headless');
    server(0, 'master', 100);
    expect(start(1)).toBe('redis-2.redis-headless');
  });

  it('ignores a Sentinel that answers with an error rather than a master', () => {
    writeFileSync(join(root, 'peers', 'redis-0.redis-headless:26379'), 'ERR No such master with that name\n');
    expect(start(1)).toBe('redis-0.redis-headless');
    expect(existsSync(conf('sentinel.conf'))).toBe(true);
  });

  it('with no Sentinel answering, follows the peer still running as master, the furthest ahead of several', () => {
    server(0, 'master', 900);
    server(2, 'master', 100);
    expect(start(1)).toBe('redis-0.redis-headless');
    server(0, 'slave', 900);
    expect(start(1)).toBe('redis-2.redis-headless');
  });

  it('with nothing running, follows the master its own Sentinel last recorded, and keeps the file Sentinel rewrote', () => {
    mkdirSync(join(root, 'data', 'conf'));
    const learnt = 'port 26379\nsentinel monitor limo redis-1.redis-headless 6379 2\nsentinel known-replica limo redis-0.redis-headless 6379\nsentinel current-epoch 4\n';
    writeFileSync(conf('sentinel.conf'), learnt);
    expect(start(1)).toBe('redis-1.redis-headless');
    expect(start(2)).toBe('redis-1.redis-headless');
    expect(readFileSync(conf('sentinel.conf'), 'utf8')).toBe(learnt);
  });

  it('on the set\'s first start, makes redis-0 the master, and writes both files for the redis user only', () => {
    expect(start(2)).toBe('redis-0.redis-headless');
    expect(readFileSync(conf('sentinel.conf'), 'utf8')).toContain('sentinel monitor limo redis-0.redis-headless 6379 2\n');
    for (const file of ['redis.conf', 'sentinel.conf']) expect({ file, mode: statSync(conf(file)).mode & 0o777 }).toEqual({ file, mode: 0o600 });
  });

  it('gives redis-cli the password in its environment only, in the probes too', () => {
    expect(manifest).not.toMatch(/redis-cli[^\n]*\s-a\s/);
    const statefulSet = parseAllDocuments(manifest)
      .map((doc) => doc.toJS())
      .find((m) => m.kind === 'StatefulSet');
    for (const container of statefulSet.spec.template.spec.containers) {
      expect({ container: container.name, auth: container.env.find((e: { name: string }) => e.name === 'REDISCLI_AUTH')?.valueFrom.secretKeyRef }).toEqual({
        container: container.name,
        auth: { name: 'redis', key: 'REDIS_PASSWORD' },
      });
    }
  });
});
