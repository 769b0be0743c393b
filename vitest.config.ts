import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
// The server runs with DES available (legacy payload scheme, ARCHITECTURE section 3), so its tests do
// too. A process-wide OpenSSL flag: it works because the default pool forks a process per worker.
const serverExecArgv = ['--openssl-legacy-provider'];

// Server integration tests run once on embedded PGlite and, when TEST_DATABASE_URL is set,
// once more on PostgreSQL (each test file creates and drops its own database).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'tools/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-pglite',
          include: serverTests,
          env: { TEST_DB_KIND: 'pglite' },
          execArgv: serverExecArgv,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'server-postgres',
                include: serverTests,
                env: { TEST_DB_KIND: 'postgres' },
                execArgv: serverExecArgv,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
