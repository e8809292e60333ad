// Unit tests live beside the code (src/**/*.spec.ts); end-to-end and contract tests under test/.
const tsJest = ['ts-jest', { tsconfig: 'tsconfig.test.json' }];
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': tsJest },
  moduleFileExtensions: ['ts', 'js', 'json'],
  testTimeout: 60000,
  projects: [
    { displayName: 'unit', testEnvironment: 'node', transform: { '^.+\\.ts$': tsJest }, testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    { displayName: 'e2e', testEnvironment: 'node', transform: { '^.+\\.ts$': tsJest }, testMatch: ['<rootDir>/test/**/*.spec.ts'], slowTestThreshold: 30 },
  ],
};
