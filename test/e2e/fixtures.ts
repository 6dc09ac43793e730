import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page, test as base } from '@playwright/test';
import type { AxeResults, Result as AxeViolation } from 'axe-core';
import { localD1 } from './helpers/local-d1.ts';
import { E2E_SANDBOX_PORT } from './playwright.config.ts';

export const SANDBOX_URL = `http://127.0.0.1:${E2E_SANDBOX_PORT}`;

/**
 * Every request of the suite comes from one address (127.0.0.1), so the Worker's per-address
 * limits, one visitor's (100 sign-in codes, 20 sign-ups, 60 held seats an hour), would count the
 * whole suite as one visitor and refuse whichever test came late in a run (a run makes about 100
 * sign-ins). The same goes for the hourly cap on sign-in codes across all guests (SMS_HOURLY_CAP,
 * 300): a run sends close to that many from one machine, and the sign-ins that came late were
 * refused. Once the address has counted some, its counts and the cap's are cleared before the
 * next test: each test a visitor of its own, in an hour of its own. No test counts on them (the
 * limits and the cap have their own worker tests). One statement: it deletes only once there are
 * 40 of them.
 */
const SUITE_WIDE_COUNTS = `key LIKE '%:ip:%' OR key = 'otp-send:all'`;
async function clearTheSuitesAddress() {
  await localD1(
    `DELETE FROM rate_events WHERE (${SUITE_WIDE_COUNTS}) AND (SELECT count(*) FROM rate_events WHERE ${SUITE_WIDE_COUNTS}) >= 40`,
  );
}

export const test = base.extend<{ uncaughtErrors: string[]; freshAddress: undefined }>({
  /** Each test a visitor of its own address, as far as the Worker's limits go (above). */
  freshAddress: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern (none)
    async ({}, use) => {
      await clearTheSuitesAddress();
      await use(undefined);
    },
    { auto: true },
  ],
  /**
   * Fails the test on any uncaught error in its page (an exception no handler caught). Console
   * errors are not counted: the browser logs one for every answer of 400 or more, which many
   * tests ask for on purpose; a test that cares about them reads them itself.
   */
  uncaughtErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await use(errors);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * Waits until the SPA has taken over a page the Worker served with its first frame
 * (worker/routes/pages.ts): the frame's markup has no React fiber, React's own elements do.
 * Until then a link in the frame is a plain one and does a full page load.
 */
export async function spaRendered(page: Page) {
  await page.waitForFunction(() => {
    const first = document.querySelector('#root > *');
    return first !== null && Object.keys(first).some((key) => key.startsWith('__reactFiber'));
  });
}

/**
 * axe-core: no serious or critical violation, once every finite animation and transition has
 * finished (a toast fading in is checked at its final colours, not half-transparent mid-fade).
 * A transition can also start just after that wait (a button enabled as its data arrives fades
 * to its colour): what axe finds is checked again once that has settled, and only what is still
 * there fails the test.
 */
export async function expectAccessible(page: Page) {
  const bad = await seriousViolations(page);
  if (bad.length === 0) return;
  // A transition may have started just after the first wait: the second check waits it out.
  expect(await seriousViolations(page)).toEqual([]);
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      null,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  const bad = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** axe-core's own build, as @axe-core/playwright injects it. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Every violation of the rules axe-core runs by default, in the page as it stands. axe runs in the
 * page itself, injected once per document (the SPA's pages share one) and into every frame (our
 * pages have none; the page's axe reaches each through its own messages). Not through
 * `@axe-core/playwright`: its analyze() opens a blank page for each call to assemble the frames'
 * results: 0.4–1 s a call on a 2-core machine against 0.1–0.3 s here, over a hundred calls a run
 * (most of the end-to-end suite's 382 → 296 s, docs/decisions/036, with one spec's needless waits).
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  for (const frame of page.frames()) {
    // Not `'axe' in window`: an element named `axe` would pass that.
    if (await frame.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run !== 'function'))
      await frame.evaluate(AXE_SOURCE);
    // A frame of another origin answers the page's axe only if told it may (as @axe-core/playwright told it).
    await frame.evaluate(() =>
      (window as unknown as { axe: { configure: (spec: unknown) => void } }).axe.configure({
        allowedOrigins: ['<unsafe_all_origins>'],
      }),
    );
  }
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } };
    // A frame that answered axe and then stops fails the check inside the test's time, not after axe's default 60 s.
    return (await axe.run(document, { resultTypes: ['violations'], frameWaitTime: 10_000 })).violations;
  });
}

/** Messages in the sandbox outbox (SMS, email, WhatsApp), newest last. */
export async function outbox(): Promise<Array<{ channel: string; to: string; subject?: string; body: string }>> {
  const res = await fetch(`${SANDBOX_URL}/outbox`);
  return res.json();
}
