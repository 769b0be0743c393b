import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Tests that run against a database chosen by TEST_DB_KIND (helper.ts): the integration suite and
// the repository tests beside their code. Every other server test is pure and runs once.
const dbTests = [
  'apps/server/test/**/*.test.ts',
  'apps/server/src/modules/wallet/bet.repository.test.ts',
  'apps/server/src/modules/wallet/ledger.service.test.ts',
  'apps/server/src/modules/agent/agent.test.ts',
  'apps/server/src/modules/agent/contract.test.ts',
];
// Files that replace a server module with vi.mock: they need a module cache of their own.
const mockingTests = [
  'apps/server/test/identity-login.test.ts',
  'apps/server/test/identity-register.test.ts',
];

/**
 * The database tests on one kind of database, in two projects: most files share their worker's
 * module cache (each still builds its own app and database; importing the server afresh for every
 * file cost more than a third of the run), the mocking ones are isolated.
 */
function dbProjects(kind: 'pglite' | 'postgres'): TestProjectInlineConfiguration[] {
  const common = {
    env: { TEST_DB_KIND: kind },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  };
  return [
    { test: { ...common, name: `server-${kind}`, include: dbTests, exclude: mockingTests, isolate: false } },
    { test: { ...common, name: `server-${kind}-isolated`, include: mockingTests } },
  ];
}

// Server integration tests run once on embedded PGlite and, when TEST_DATABASE_URL is set,
// once more on PostgreSQL (each test file creates and drops its own database).
export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker. Many server tests wait on PostgreSQL
    // (another process) or on a game clock, so three files at a time keep both cores busy.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/backoffice/src/**/*.test.{ts,tsx}',
            'tools/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-unit',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: dbTests,
          isolate: false,
          testTimeout: 30_000,
          // A few open an in-memory PGlite of their own (migrating it takes seconds under load).
          hookTimeout: 60_000,
        },
      },
      ...dbProjects('pglite'),
      ...(process.env.TEST_DATABASE_URL ? dbProjects('postgres') : []),
    ],
  },
});
