// One jest configuration, four projects: unit (pure logic, beside the code),
// integration (real PostgreSQL, Redis, Kafka, S3, SMTP), e2e (Debian's Chromium) and resilience (tests that
// stop shared infrastructure, e.g. kill the Kafka broker: scripts/test.sh runs them alone, one file at a time, after
// every other test — never select them together with the others).
// The code is ESM: jest runs with --experimental-vm-modules and @swc/jest transforms TypeScript.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2023',
    },
    module: { type: 'es6' },
  },
];
const common = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  testEnvironment: 'node',
  transform: { '^.+\\.tsx?$': swc },
  moduleNameMapper: {
    '^@rayworks/(contracts|lifecycles|validation|dicom|nest-kit|api-client|testing)$': '<rootDir>/libs/$1/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/.local/'],
};
export default {
  // Real servers answer in milliseconds, but a loaded CI machine may take seconds to stop a Kafka consumer, start a
  // process or a browser: this limit only stops a hung test, it never measures speed. (jest reads testTimeout from
  // the top level only, not per project.)
  testTimeout: 30_000,
  // A worker keeps every test file's modules it loaded (ESM under vm modules is not freed well): a worker past this
  // after a file is replaced by a fresh one, so a long run never reaches the heap's limit (two suites crashed at 4 GB).
  workerIdleMemoryLimit: '1500MB',
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{libs,services,web,deploy,scripts}/**/*.spec.ts?(x)'] },
    { ...common, displayName: 'integration', testMatch: ['<rootDir>/{libs,services,deploy}/**/*.integration-spec.ts'] },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/web/e2e/**/*.e2e-spec.ts'] },
    { ...common, displayName: 'resilience', testMatch: ['<rootDir>/{libs,services,deploy}/**/*.resilience-spec.ts'] },
  ],
};
