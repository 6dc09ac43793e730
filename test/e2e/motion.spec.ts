/**
 * A guest who asked for less motion (`prefers-reduced-motion: reduce`) sees nothing loop: every
 * animation runs once, at once (web/src/design.css). Looping ones matter most: a spinner or a
 * loading pulse cut to 0.01 ms but left looping jumps to a new frame every frame.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** Our stylesheet's looping animations: the spinner (components/spinner.tsx) and the loading cards' pulse. */
const LOOPS = ['animate-spin', 'animate-pulse'];

/** How each loop plays on this page: its iterations, and whether it is still running a moment later. */
async function loops(page: Page) {
  // The page's first frame carries only its own rules; the whole stylesheet is added after it paints.
  await page.waitForFunction(() =>
    [...document.styleSheets].some((sheet) => /\/assets\/index-[^/]+\.css$/.test(sheet.href ?? '')),
  );
  return page.evaluate(async (classes) => {
    const played = [];
    for (const name of classes) {
      const element = document.createElement('span');
      element.className = name;
      document.body.appendChild(element);
      const [animation] = element.getAnimations();
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      played.push({
        name,
        iterations: animation?.effect?.getComputedTiming().iterations,
        state: animation?.playState,
      });
      element.remove();
    }
    return played;
  }, LOOPS);
}

test('under reduced motion, the spinner and the loading pulse play once and stand still', async ({ page }) => {
  // The suite's default (playwright.config.ts): reducedMotion 'reduce'.
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await loops(page)).toEqual(LOOPS.map((name) => ({ name, iterations: 1, state: 'finished' })));
});

test.describe('with motion on', () => {
  test.use({ reducedMotion: 'no-preference' });
  test('the spinner and the loading pulse keep looping', async ({ page }) => {
    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await loops(page)).toEqual(
      LOOPS.map((name) => ({ name, iterations: Number.POSITIVE_INFINITY, state: 'running' })),
    );
  });
});
