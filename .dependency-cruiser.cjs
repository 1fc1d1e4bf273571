// The architecture's rules, checked by `npm run lint:architecture` (run by .ci/run): what `ls` shows
// as boxes and arrows, enforced on the imports. Workspace packages resolve to their sources.
// Written down for people in CONTRIBUTING.md ("Architecture rules"); tests/architecture proves they fire.
const SERVICES = 'booking|drivers|fleet|reporting|notifications|customers';
// Code that exercises the services from outside. bench/ is left out on purpose: its comparator
// (bench/monolith) is the services' own rules run in one process, and its scenarios fill a
// service's projections directly, to measure the architecture against the alternative; it ships
// nothing and asserts nothing.
const OUTSIDE = '^(tests|gateway|libs|web)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-circular', comment: 'An import circle: modules that cannot be read, tested or loaded apart.', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'service-imports-another-service',
      comment: 'Services talk only over NATS, through libs/contracts.',
      severity: 'error',
      from: { path: `^services/(${SERVICES})/` },
      to: { path: `^services/(${SERVICES})/`, pathNot: '^services/$1/' },
    },
    {
      name: 'bookings-and-dispatch-apart',
      comment: "The booking service's bookings/ and dispatch/ share only what rides/ (below both) holds: neither imports the other.",
      severity: 'error',
      from: { path: '^services/booking/src/(bookings|dispatch)/' },
      to: { path: '^services/booking/src/(bookings|dispatch)/', pathNot: '^services/booking/src/$1/' },
    },
    {
      name: 'service-imports-gateway',
      severity: 'error',
      from: { path: '^services/' },
      to: { path: '^gateway/' },
    },
    {
      name: 'gateway-imports-a-service',
      comment: 'The gateway reaches the services only by their contracts over NATS.',
      severity: 'error',
      from: { path: '^gateway/src/' },
      to: { path: '^services/' },
    },
    {
      name: 'gateway-area-imports-another-areas-controller',
      comment: "A gateway area shares helpers (auth/, http/) or its module's exported providers, never a controller.",
      severity: 'error',
      from: { path: '^gateway/src/([^/]+)/' },
      to: { path: '^gateway/src/[^/]+/[^/]+[.]controllers?[.]ts$', pathNot: '^gateway/src/$1/' },
    },
    {
      name: 'test-reaches-into-a-service',
      comment: "A test outside a service uses it through its contracts (HTTP, NATS) or its package entry (tests/support starts it), never its source.",
      severity: 'error',
      from: { path: OUTSIDE },
      to: { path: `^services/(${SERVICES})/src/`, pathNot: `^services/(${SERVICES})/src/index\\.ts$` },
    },
    {
      name: 'service-entry-only-from-test-support',
      comment: "Only the shared fixtures (tests/support) boot a service in-process; tests use the fixtures.",
      severity: 'error',
      from: { path: OUTSIDE, pathNot: '^tests/support/' },
      to: { path: `^services/(${SERVICES})/src/index\\.ts$` },
    },
    {
      name: 'lib-imports-an-app',
      comment: 'libs/ sit below every deployable: a lib never imports a service, the gateway, the web app or the tests.',
      severity: 'error',
      from: { path: '^libs/[^/]+/src/' },
      to: { path: '^(services|gateway|web|tests|bench)/' },
    },
    {
      name: 'lower-lib-imports-higher-lib',
      comment: 'The libs in layers: contracts and observability, then database, then messaging, then service-runtime.',
      severity: 'error',
      from: { path: '^libs/(contracts|observability)/' },
      to: { path: '^libs/(database|messaging|service-runtime)/' },
    },
    {
      name: 'database-imports-higher-lib',
      severity: 'error',
      from: { path: '^libs/database/' },
      to: { path: '^libs/(messaging|service-runtime)/' },
    },
    {
      name: 'messaging-imports-service-runtime',
      severity: 'error',
      from: { path: '^libs/messaging/' },
      to: { path: '^libs/service-runtime/' },
    },
    {
      name: 'contracts-import-nothing-of-ours',
      comment: 'libs/contracts is shared with the browser: zod and itself only.',
      severity: 'error',
      from: { path: '^libs/contracts/' },
      to: { path: '^(libs/(?!contracts/)|services|gateway|web|tests)' },
    },
    {
      name: 'web-imports-server-code',
      comment: 'The browser app shares only libs/contracts with the servers.',
      severity: 'error',
      from: { path: '^web/src/' },
      to: { path: '^(services|gateway|tests|bench|libs/(?!contracts/))' },
    },
    {
      name: 'web-shared-code-imports-an-area',
      comment: 'Shared web code (ui/, lib/, components/, styles/) sits below the areas that use it.',
      severity: 'error',
      from: { path: '^web/src/(ui|lib|components|styles)/' },
      to: { path: '^web/src/(admin|driver|public|booking|referral|self-service|account|app)/' },
    },
    {
      name: 'web-ui-imports-domain-components',
      comment: 'ui/ holds the generic pieces (a table, a stat card, a portal layout); components/ the domain pieces several areas share, built on ui/.',
      severity: 'error',
      from: { path: '^web/src/ui/' },
      to: { path: '^web/src/components/' },
    },
    {
      name: 'public-web-imports-staff-areas',
      comment: 'Public pages never load admin or driver code (their bundles stay small and private).',
      severity: 'error',
      from: { path: '^web/src/(public|booking|referral|self-service|account)/' },
      to: { path: '^web/src/(admin|driver)/' },
    },
    {
      name: 'unresolvable',
      comment: 'An import that resolves to nothing.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['/dist/', '/generated/', '^web/src/test-support/style-stub'] },
    tsPreCompilationDeps: true,
    // Workspace packages resolve to their sources (paths in this file), as in jest.config.js.
    tsConfig: { fileName: 'tsconfig.architecture.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
