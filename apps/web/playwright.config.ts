import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, testChromium } from './scripts/chromium.mjs';

// The system's headless Chromium (Debian's packages) when there is one, Playwright's own browser otherwise.
const chromium = testChromium();
const launchOptions = chromium ? { executablePath: chromium, args: ['--headless', ...CHROMIUM_FLAGS] } : {};

// `scripts/e2e.mjs` starts the app on a free port and passes its origin; run by hand against `pnpm start`.
const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8787';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.e2e.ts',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // Tests are independent (each makes its own players and pages), so they spread over the workers one by one,
  // not a file at a time: the axe scans of every page would otherwise all fall to one worker.
  fullyParallel: true,
  // The tests mostly wait (on the Worker, on pages settling), not compute: four at once keep two cores busy.
  workers: Number(process.env.E2E_WORKERS ?? 4),
  // One retry on CI, reported as "flaky" by Playwright, so a timing hiccup on a loaded machine is visible, not fatal.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions,
    viewport: { width: 1366, height: 768 },
    // The service worker precaches every built file when it installs, in each new context: the tests that are about
    // it (security.e2e.ts) turn it on; the others load pages as a first visit does.
    serviceWorkers: 'block',
    // A trace records every action's snapshots and screencast: it cost a third of the suite's processor time when
    // kept for every test. It is recorded for the retry of a failed test (CI retries once); by hand, add
    // `--trace retain-on-failure`.
    trace: 'on-first-retry',
  },
});
