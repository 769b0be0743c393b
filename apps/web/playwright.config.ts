import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tools/chromium';

const port = Number(process.env.E2E_PORT ?? 8181);

// Real Chromium (Debian's package: nothing is downloaded) against the built site and real server.
export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'list' : [['list']],
  timeout: 30_000,
  // Two browsers, the server and PostgreSQL share two cores. A cold page with the member centre
  // over it needs 1.4-2.4 s to its first frame here when idle, 4.7-7 s with the browser's CPU
  // throttled 4x (measured), and CI machines have run slower than that: 10 s was missed.
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    // Two browsers and the server share two cores: pages keep still (no autoplaying carousels,
    // instant game results; the site honours this preference) unless a test asks for motion.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node --openssl-legacy-provider --import tsx apps/web/e2e/serve.ts',
    cwd: '../..',
    url: `http://localhost:${port}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
