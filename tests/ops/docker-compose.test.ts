import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const haveCompose = spawnSync('sh', ['-c', 'command -v docker-compose']).status === 0;

describe('docker-compose.yml', () => {
  it('parses with Debian docker-compose (apt-get install -y docker-compose)', () => {
    expect(haveCompose).toBe(true);
    const config = execFileSync('docker-compose', ['config'], { encoding: 'utf8' });
    for (const name of ['postgres', 'redis', 'nats', 'gateway', 'fleet', 'booking', 'drivers', 'reporting']) {
      expect(config).toMatch(new RegExp(`^  ${name}:`, 'm'));
    }
  });

  it('gives every service a healthcheck and NATS JetStream a volume', () => {
    const text = readFileSync('docker-compose.yml', 'utf8');
    const blocks = text.split(/\n  (?=[a-z]+:\n)/).slice(1);
    const services = blocks.filter((b) => /^(postgres|redis|nats|gateway|fleet|booking|drivers|reporting):/.test(b));
    expect(services).toHaveLength(8);
    for (const block of services) expect(block).toContain('healthcheck:');
    expect(text).toMatch(/command: \["-js", "-sd", "\/data"/);
    expect(text).toMatch(/nats-data:\/data/);
  });
});
