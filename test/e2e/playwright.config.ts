import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/** Override with E2E_WORKER_PORT / E2E_SANDBOX_PORT to run two suites side by side. */
export const E2E_WORKER_PORT = Number(process.env.E2E_WORKER_PORT ?? 8788);
export const E2E_SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 8792);
/** The stack's local state, its D1 among it, made afresh by global-setup.ts (`npm run role` takes it as `--persist-to`). */
export const E2E_STATE_DIR = fileURLToPath(new URL(`../../.wrangler/e2e-state-${E2E_WORKER_PORT}`, import.meta.url));

/** Specs that change the home page or /events for everyone while they run. */
// admin-waitlist and waitlist-credit put dinners on sale for a while (a sold-out one among them),
// which /events and its spec would see; issue-24-screens puts a 1 PM dinner (a hidden city's) on sale
// for its pictures, and dinner-time one for its booking.
const SHARED_STATE_SPECS =
  /(admin-cities|booking-on-a-phone|admin-waitlist|waitlist-credit|issue-24-screens|dinner-time)\.spec\.ts$/;
/**
 * Specs that need the stack to themselves, so they run last and one at a time, when no other spec is
 * mid-way:
 * - those that run the Worker's whole cron (`/cdn-cgi/local/scheduled`: wrangler dev runs it only
 *   when asked), whose every job acts on every spec's rows (offers swept, tables published,
 *   reminders sent);
 * - those that run `npm run role` (`wrangler d1 execute`), a second writer of the D1 file the
 *   stack holds: while it writes, the stack's own statements fail with SQLITE_BUSY (a test beside
 *   it failed so at its first statement).
 */
const ALONE_SPECS = /\/(feedback|after-the-dinner-journey|operator-role|operator-week)\.spec\.ts$/;

/** Real Chromium (Debian's) against the full local stack started in global-setup.ts. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 2,
  // One retry, and every retry used named last in red (retry-report.ts): a flake, which passes on
  // its retry, is told apart from a failure and leaves its first attempt's trace, but is not hidden.
  // The suite's bar is none (issue 23).
  retries: 1,
  timeout: 45_000,
  // Generous: CI machines have 2 cores shared by Chromium, workerd and the sandbox.
  expect: { timeout: 15_000 },
  reporter: [['list'], ['./retry-report.ts']],
  use: {
    baseURL: `http://localhost:${E2E_WORKER_PORT}`,
    trace: 'retain-on-failure',
    // The guest who asked for less motion (docs/decisions/036-the-suite-in-minutes.md): flows run
    // with transitions off, a fifth less CPU; the specs about what motion looks like turn it on.
    reducedMotion: 'reduce',
    launchOptions: {
      // Debian's build of Chromium's headless shell, which Playwright's own headless runs use: the
      // same Blink and V8 without the full browser's GPU process and compositor, which took a third
      // of the suite's CPU (the suite is CPU-bound on 2 cores).
      executablePath: '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  outputDir: '../../test-results',
  projects: [
    { name: 'chromium', testIgnore: [SHARED_STATE_SPECS, ALONE_SPECS] },
    // Specs that change what every visitor sees (a city opened on the home page) run alone, after
    // the rest: two workers run specs side by side on one D1, and home.spec.ts / events.spec.ts
    // assert the seeded cities and dinners.
    { name: 'shared-state', testMatch: SHARED_STATE_SPECS, dependencies: ['chromium'] },
    { name: 'alone', testMatch: ALONE_SPECS, dependencies: ['shared-state'], workers: 1 },
  ],
});
