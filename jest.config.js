// One Jest run for the whole repository: unit and integration tests of every package.
// ESM mode (NestJS 12 ships ESM only); swc compiles TypeScript with decorator metadata for Nest DI.
const swc = ['@swc/jest', {
  jsc: {
    parser: { syntax: 'typescript', decorators: true, tsx: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'es6' },
}];

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    '^@limo/(contracts|messaging|database|service-runtime|observability)$': '<rootDir>/libs/$1/src/index.ts',
    '^@limo/contracts/(common|booking|drivers|fleet|reporting|notifications|customers)$': '<rootDir>/libs/contracts/src/$1/index.ts',
    '^@limo/contracts/(.*)$': '<rootDir>/libs/contracts/src/$1',
    '^@limo/(booking|drivers|fleet|reporting|notifications|customers)$': '<rootDir>/services/$1/src/index.ts',
    '^@limo/gateway$': '<rootDir>/gateway/src/app.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // Component tests render components that import their stylesheets.
    '\\.css$': '<rootDir>/web/src/test-support/style-stub.ts',
  },
  testMatch: ['<rootDir>/{libs,services,gateway,web}/**/*.test.ts?(x)', '<rootDir>/tests/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  setupFiles: ['<rootDir>/tests/jest.setup.ts', '<rootDir>/web/src/test-support/jsdom-setup.ts'],
  testTimeout: 30000,
  maxWorkers: 2,
  // Each test file leaves its module graph to the worker's heap: after the whole suite a worker held
  // about 2.4 GB, and freeing that at exit took longer than Jest's 500 ms ("A worker process has
  // failed to exit gracefully"). A worker over this after a file is replaced by a fresh one.
  workerIdleMemoryLimit: '1GB',
};
