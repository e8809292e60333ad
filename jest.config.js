// Unit tests live beside the code (src/**/*.spec.ts); end-to-end and contract tests under test/.
const tsJest = ['ts-jest', { tsconfig: 'tsconfig.test.json' }];
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': tsJest },
  moduleFileExtensions: ['ts', 'js', 'json'],
  testTimeout: 60000,
  // PostgreSQL and Redis of the run's own, unless TEST_DATABASE_URL / TEST_REDIS_URL name others.
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
  projects: [
    { displayName: 'unit', testEnvironment: 'node', transform: { '^.+\\.ts$': tsJest }, testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    { displayName: 'e2e', testEnvironment: 'node', transform: { '^.+\\.ts$': tsJest }, testMatch: ['<rootDir>/test/**/*.spec.ts'], slowTestThreshold: 30 },
  ],
};
