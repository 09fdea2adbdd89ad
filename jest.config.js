/** Unit tests and engine-level tests (n8n-core's real execution engine against the X emulator). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/test/e2e/'],
  transform: { '^.+\\.ts$': ['ts-jest', { diagnostics: false }] },
  testTimeout: 60000,
  reporters: ['default', '<rootDir>/test/summaryReporter.js'],
  // The suite-wide secret sweep over everything the engine harness recorded (test/harness/recording.ts).
  globalSetup: '<rootDir>/test/secretSweep.setup.js',
  globalTeardown: '<rootDir>/test/secretSweep.teardown.js',
};
