/**
 * Browser tests: the built SPA served by the real server (embedded database in a fresh DATA_DIR), driven
 * in Debian's Chromium (`/usr/bin/chromium`; never `playwright install`), at desktop and mobile sizes.
 */
import { randomBytes } from 'node:crypto';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
/** A second server whose clock the tests move (TEST_CLOCK, apps/api/src/kernel/test-clock.ts): e2e/stamp-clock-desktop.spec.ts alone uses it. */
const clockPort = port + 1;
/**
 * The local push service (apps/api/test/push-service.ts) that e2e/push-desktop.spec.ts starts on this port: the main
 * server reaches it over plain HTTP (PUSH_ALLOWED_HOSTS), as it would a browser's push service.
 */
process.env.E2E_PUSH_PORT ??= String(port + 2);
const pushPort = Number(process.env.E2E_PUSH_PORT);
// The token that moves that server's clock: made by the runner, inherited by its workers (which read this file again).
process.env.E2E_CLOCK_TOKEN ??= randomBytes(18).toString('base64url');
// Separate ports and data folders let two suites run side by side on one machine.
const dataDir = process.env.E2E_DATA_DIR ?? '.e2e-data';
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

const SERVER_ENV = { LOG_LEVEL: 'warn', NODE_ENV: 'production', SIGNUPS_PER_HOUR: '1000', LOGIN_ATTEMPTS_PER_USERNAME: '100', LOGIN_ATTEMPTS_PER_IP: '1000' };

export default defineConfig({
  testDir: './e2e',
  // A test's time is not what it checks (no timing thresholds in tests): the longest walks (a dozen screens, axe in two
  // themes, three people) take 40–60 s on a quiet two-core machine and ran past a one-minute limit on CI's (2026-11-29:
  // oidc.spec.ts:118 and shop-profile.spec.ts:36). Three minutes for every test; a few that wait on the OCR say more.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    // No service worker unless a test asks for one (e2e/offline.spec.ts): a worker's caches would outlive a test's
    // expectations of the network.
    serviceWorkers: 'block',
    launchOptions: chromium,
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } }, testIgnore: /-mobile\.spec\.ts$/ },
    {
      name: 'mobile',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      testIgnore: /-desktop\.spec\.ts$/,
    },
  ],
  webServer: [
    {
      command: `rm -rf ${dataDir} && node --import tsx apps/api/src/server.ts`,
      url: `http://localhost:${port}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      // Every browser test signs up and logs in from 127.0.0.1 (the demo owner many times), so the per-IP limits
      // are raised here; the API tests check the real limits.
      env: { PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'true', PUSH_ALLOWED_HOSTS: `127.0.0.1:${pushPort}`, ...SERVER_ENV },
    },
    {
      command: `rm -rf ${dataDir}-clock && node --import tsx apps/api/src/server.ts`,
      url: `http://localhost:${clockPort}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { PORT: String(clockPort), DATA_DIR: `${dataDir}-clock`, SEED_DEMO: 'true', TEST_CLOCK: 'true', TEST_CLOCK_TOKEN: process.env.E2E_CLOCK_TOKEN, ...SERVER_ENV },
    },
  ],
});
