import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const repo = process.cwd();

/** A tiny repository laid out like ours: each file is one import the rules allow or forbid. */
const FIXTURE: Record<string, string> = {
  'tsconfig.architecture.json': '{ "compilerOptions": { "baseUrl": "." } }',
  'services/booking/src/index.ts': 'export const booking = 1;',
  'services/booking/src/rules.ts': 'export const rule = 1;',
  'services/booking/src/rides/ride.ts': 'export const ride = 1;',
  'services/booking/src/bookings/edit.ts': "import { ride } from '../rides/ride.js';\nexport const edit = ride;",
  'services/booking/src/dispatch/assign.ts': "import { edit } from '../bookings/edit.js';\nexport const assign = edit;",
  'services/booking/test/rules.test.ts': "import { rule } from '../src/rules.js';\nexport const t = rule;",
  'services/fleet/src/index.ts': "import { rule } from '../../booking/src/rules.js';\nexport const fleet = rule;",
  'services/drivers/src/index.ts': "import { gateway } from '../../../gateway/src/app.js';\nexport const drivers = gateway;",
  'gateway/src/app.ts': 'export const gateway = 1;',
  'gateway/src/bookings.ts': "import { booking } from '../../services/booking/src/index.js';\nexport const b = booking;",
  'gateway/test/bookings.test.ts': "import { rule } from '../../services/booking/src/rules.js';\nexport const t = rule;",
  'gateway/src/dispatch/dispatch.controller.ts': 'export const actor = 1;',
  'gateway/src/dispatch/dispatch.module.ts': "import { actor } from './dispatch.controller.js';\nexport const m = actor;",
  'gateway/src/bookings/bookings.controller.ts': "import { actor } from '../dispatch/dispatch.controller.js';\nexport const b = actor;",
  'tests/support/stack.ts': "import { booking } from '../../services/booking/src/index.js';\nexport const stack = booking;",
  'tests/support/a.ts': "import { b } from './b.js';\nexport const a = () => b;",
  'tests/support/b.ts': "import { a } from './a.js';\nexport const b = () => a;",
  'tests/ops/missing.test.ts': "import { gone } from './gone.js';\nexport const t = gone;",
  'libs/messaging/src/index.ts': 'export const messaging = 1;',
  'libs/database/src/index.ts': "import { messaging } from '../../messaging/src/index.js';\nexport const database = messaging;",
  'web/src/admin/Page.tsx': 'export const Page = 1;',
  'web/src/driver/Panel.tsx': 'export const Panel = 1;',
  'web/src/components/Nav.tsx': "import { Page } from '../admin/Page';\nexport const Nav = Page;",
  'web/src/public/Home.tsx': "import { Panel } from '../driver/Panel';\nexport const Home = Panel;",
  'web/src/ui/Table.tsx': "import { Panel } from '../driver/Panel';\nexport const Table = Panel;",
  'web/src/ui/Card.tsx': "import { Nav } from '../components/Nav';\nexport const Card = Nav;",
  'web/src/components/Form.tsx': "import { Row } from '../ui/Row';\nexport const Form = Row;",
  'web/src/ui/Row.tsx': 'export const Row = 1;',
};

interface Violation {
  from: string;
  rule: { name: string };
}

/**
 * The rule set of .dependency-cruiser.cjs (`npm run lint:architecture`) run on a fixture: each
 * forbidden import is reported under its rule, and the allowed ones are not.
 */
describe('the architecture rules', () => {
  let dir: string;
  let byFile: Record<string, string[]>;
  const cruise = (...options: string[]) =>
    spawnSync(
      process.execPath,
      [join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), '--config', join(repo, '.dependency-cruiser.cjs'), ...options, 'services', 'gateway', 'tests', 'libs', 'web'],
      { cwd: dir, encoding: 'utf8' },
    );

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'architecture-'));
    for (const [path, text] of Object.entries(FIXTURE)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), `${text}\n`);
    }
    const run = cruise('--output-type', 'json');
    if (!run.stdout) throw new Error(`depcruise printed nothing: ${run.stderr}`);
    const violations = JSON.parse(run.stdout).summary.violations as Violation[];
    byFile = {};
    for (const v of violations) (byFile[v.from] ??= []).push(v.rule.name);
    for (const names of Object.values(byFile)) names.sort();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fails the run as npm run lint:architecture runs it, naming the rule', () => {
    const run = cruise();
    expect(run.status).not.toBe(0);
    expect(run.stdout).toContain('error service-imports-another-service: services/fleet/src/index.ts → services/booking/src/rules.ts');
  });

  it('forbids a service importing another service or the gateway', () => {
    expect(byFile['services/fleet/src/index.ts']).toEqual(['service-imports-another-service']);
    expect(byFile['services/drivers/src/index.ts']).toEqual(['service-imports-gateway']);
  });

  it("forbids the gateway and the tests outside a service reaching into the service's source", () => {
    expect(byFile['gateway/src/bookings.ts']).toEqual(['gateway-imports-a-service', 'service-entry-only-from-test-support']);
    expect(byFile['gateway/test/bookings.test.ts']).toEqual(['test-reaches-into-a-service']);
  });

  it("forbids a gateway area importing another area's controller, not its own", () => {
    expect(byFile['gateway/src/bookings/bookings.controller.ts']).toEqual(['gateway-area-imports-another-areas-controller']);
    expect(byFile['gateway/src/dispatch/dispatch.module.ts']).toBeUndefined();
  });

  it('forbids an import circle and an import that resolves to nothing', () => {
    expect(byFile['tests/support/a.ts']).toEqual(['no-circular']);
    expect(byFile['tests/ops/missing.test.ts']).toEqual(['unresolvable']);
  });

  it("forbids the booking service's dispatch and bookings importing each other, not what both take from rides", () => {
    expect(byFile['services/booking/src/dispatch/assign.ts']).toEqual(['bookings-and-dispatch-apart']);
    expect(byFile['services/booking/src/bookings/edit.ts']).toBeUndefined();
  });

  it('forbids a lower folder importing a higher one', () => {
    expect(byFile['libs/database/src/index.ts']).toEqual(['database-imports-higher-lib']);
    expect(byFile['web/src/components/Nav.tsx']).toEqual(['web-shared-code-imports-an-area']);
    expect(byFile['web/src/public/Home.tsx']).toEqual(['public-web-imports-staff-areas']);
    expect(byFile['web/src/ui/Table.tsx']).toEqual(['web-shared-code-imports-an-area']);
    expect(byFile['web/src/ui/Card.tsx']).toEqual(['web-ui-imports-domain-components']);
    expect(byFile['web/src/components/Form.tsx']).toBeUndefined();
  });

  it("allows a service's own tests its source, and the shared fixtures its entry", () => {
    expect(byFile['services/booking/test/rules.test.ts']).toBeUndefined();
    expect(byFile['tests/support/stack.ts']).toBeUndefined();
  });
});
