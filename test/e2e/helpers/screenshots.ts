import type { Page } from '@playwright/test';

/**
 * A picture for an issue's note (docs/screenshots/…), taken only when `SCREENSHOTS=1`: an ordinary
 * test run (CI, a developer's `npm test`) must not rewrite files the repository tracks.
 * @example SCREENSHOTS=1 npx playwright test --config test/e2e/playwright.config.ts app-shell.spec.ts
 */
export async function screenshotForNote(page: Page, options: NonNullable<Parameters<Page['screenshot']>[0]>) {
  if (process.env.SCREENSHOTS !== '1') return;
  await page.screenshot(options);
}
