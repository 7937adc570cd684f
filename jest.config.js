// Three projects so each suite gets the environment it needs: jsdom for the client,
// plain Node for the server and for the browser suites that drive real Chromium.
const common = {
  transform: { '^.+\\.[jt]sx?$': 'babel-jest' },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testMatch: ['**/*.test.[jt]s?(x)'],
  // The `@/` alias of tsconfig.json and webpack.config.ts.
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/src/$1' },
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/src', '<rootDir>/config', '<rootDir>/__tests__/replays'],
      setupFiles: ['<rootDir>/__tests__/setup/jsdom-globals.ts'],
      // REAL_WAITS=report|fail lists or fails tests that wait on the real clock (see the file).
      setupFilesAfterEnv: ['<rootDir>/__tests__/setup/jest-dom.ts', '<rootDir>/__tests__/setup/real-waits.ts'],
      moduleNameMapper: { ...common.moduleNameMapper, '\\.(css|less)$': '<rootDir>/__tests__/setup/style-stub.js' },
      // antd-mobile ships ES modules; let babel turn them into CommonJS for jest.
      transformIgnorePatterns: ['/node_modules/(?!(antd-mobile|@react-spring|@use-gesture|ahooks|staged-components)/)'],
    },
    {
      ...common,
      displayName: 'server',
      // Loads PGlite and cookie outside jest's sandbox, which cannot run them on Node 20 (see the file).
      testEnvironment: '<rootDir>/server/test-support/jest-environment.ts',
      // The seeded templates (PGlite and PostgreSQL) are built once, before the workers start.
      globalSetup: '<rootDir>/server/test-support/global-setup.ts',
      // Server start-ups and PGlite loads: slow on a busy 2-core box.
      setupFilesAfterEnv: ['<rootDir>/__tests__/setup/timeout-30s.ts'],
      roots: ['<rootDir>/server'],
      // Server rendering (server/ssr) renders the client's screens: their stylesheets and antd-mobile's ES modules.
      moduleNameMapper: { ...common.moduleNameMapper, '\\.(css|less)$': '<rootDir>/__tests__/setup/style-stub.js' },
      transformIgnorePatterns: ['/node_modules/(?!(antd-mobile|@react-spring|@use-gesture|ahooks|staged-components)/)'],
    },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/__tests__/e2e'],
      // A product server start plus a real browser: minutes, not seconds, on a busy machine.
      setupFilesAfterEnv: ['<rootDir>/__tests__/setup/timeout-120s.ts'],
    },
  ],
};
