import { type Browser, expect as baseExpect, type Locator, type Page } from '@playwright/test';
import { nextSaturdays } from '../../db/seed.ts';
import { attributeText } from '../../web/src/lib/first-frame-page.ts';
import { expect, spaRendered, test } from './fixtures.ts';

/** The vibe check's first question, as its heading and its group of answers are named. */
const QUIZ_FIRST_QUESTION = /^What's your vibe for pulling up today\?/;

/**
 * The landing pages paint their first frame from the HTML, before any script has run, and the
 * SPA takes over without moving it or asking the API again (worker/routes/pages.ts).
 */
const PAGES = [
  // `spa`: something only the SPA draws (a frame has the header's account side and the booking
  // box's next step empty: no session is known yet), or for /events, whose frame has it all,
  // its first card.
  {
    path: '/',
    heading: 'Tablemates',
    spa: (page: Page) => page.getByRole('link', { name: 'Sign In', exact: true }),
    onlySpa: true,
  },
  {
    path: '/events',
    heading: 'Upcoming Events',
    spa: (page: Page) => page.getByRole('main').getByRole('listitem').first().getByText('Available Now'),
    onlySpa: false,
  },
  {
    path: '/event/gurugram',
    heading: /Gurugram/,
    spa: (page: Page) => page.getByRole('link', { name: 'Sign in to book' }),
    onlySpa: true,
  },
  {
    // The frame is the signed-out visitor's page whole: its first question.
    path: '/quiz',
    heading: 'The vibe check',
    spa: (page: Page) => page.getByRole('group', { name: QUIZ_FIRST_QUESTION }),
    onlySpa: false,
  },
];

async function headingBox(
  browser: Browser,
  path: string,
  javaScriptEnabled: boolean,
  ready: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    await page.goto(path);
    await ready(page);
    return await page.getByRole('heading', { level: 1 }).boundingBox();
  } finally {
    await context.close();
  }
}

for (const { path, heading, spa, onlySpa } of PAGES) {
  test(`${path} shows its heading without JavaScript, where the SPA then keeps it`, async ({ browser }) => {
    const withoutJs = await headingBox(browser, path, false, async (page) => {
      await baseExpect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await baseExpect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
      await baseExpect(spa(page)).toHaveCount(onlySpa ? 0 : 1);
    });
    const withJs = await headingBox(browser, path, true, async (page) => {
      await spaRendered(page);
      await baseExpect(spa(page)).toBeVisible({ timeout: 15_000 });
      await baseExpect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    });
    expect(withoutJs).not.toBeNull();
    expect(withJs?.y).toBeCloseTo(withoutJs?.y ?? -1, 0);
    expect(withJs?.height).toBeCloseTo(withoutJs?.height ?? -1, 0);
  });
}

/** The console errors and uncaught exceptions of `page` from now on: a hydration mismatch reports one. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  page.on('pageerror', (error) => void errors.push(String(error)));
  return errors;
}

/**
 * Marks each of `nodes` in the frame before the bundle runs, lets it run, and checks React kept
 * every one: hydrated, not drawn again (on a mismatch React 18 renders the root afresh).
 */
async function hydratedInPlace(page: Page, release: () => void, nodes: Locator[]) {
  for (const node of nodes) await node.evaluate((el) => Object.assign(el, { __fromFrame: true }));
  release();
  await spaRendered(page);
  await page.waitForLoadState('networkidle');
  for (const node of nodes)
    expect(await node.evaluate((el) => (el as { __fromFrame?: boolean }).__fromFrame)).toBe(true);
}

// Every landing page hydrates (docs/decisions/010-hydrate-or-swap.md).
test('/: the SPA hydrates the served frame in place, with no mismatch', async ({ page }) => {
  const errors = pageErrors(page);
  // Mark the frame's heading before the bundle runs, then check React kept that node.
  const release = await openWithBundleHeld(page, '/');
  const heading = page.locator('h1');
  // The city cards are drawn into the frame by the Worker from the cities table: kept too.
  const cityCard = page.locator('#upcoming-events article h3').first();
  await hydratedInPlace(page, release, [heading, cityCard]);
  expect(errors).toEqual([]);
});

test('/events: the SPA hydrates the served frame, the cards the Worker drew included, with no mismatch', async ({
  page,
}) => {
  const errors = pageErrors(page);
  const release = await openWithBundleHeld(page, '/events');
  const firstCard = page.getByRole('main').getByRole('listitem').first().getByRole('link');
  await hydratedInPlace(page, release, [page.locator('h1'), firstCard]);
  expect(errors).toEqual([]);
  // The card's link is the router's now: the dinner's page opens without a page load.
  await markDocument(page);
  await firstCard.click();
  await expect(page).toHaveURL(/\/event\//);
  expect(await sameDocument(page)).toBe(true);
});

test('/event/:id: the SPA hydrates the page the Worker drew in place, with no mismatch', async ({ page }) => {
  const errors = pageErrors(page);
  const release = await openWithBundleHeld(page, '/event/gurugram');
  const box = page.getByRole('complementary', { name: 'Book this dinner' });
  const termsLink = page.getByRole('contentinfo').getByRole('link', { name: 'Terms & Conditions' });
  await hydratedInPlace(page, release, [
    page.locator('h1'),
    box,
    page.getByRole('heading', { name: 'Terms' }),
    termsLink,
  ]);
  expect(errors).toEqual([]);
  // What only the SPA knows comes in beside the frame: the box's next step for a visitor signed out.
  await expect(box.getByRole('link', { name: 'Sign in to book' })).toBeVisible();
  // A link the Worker drew is the router's now: its page opens without a page load.
  await markDocument(page);
  await termsLink.click();
  await expect(page).toHaveURL('/terms-and-conditions');
  expect(await sameDocument(page)).toBe(true);
});

test('/quiz: the SPA hydrates the first question in place, with no mismatch, and asks nothing of the quiz yet', async ({
  page,
}) => {
  const errors = pageErrors(page);
  const release = await openWithBundleHeld(page, '/quiz');
  const question = page.getByRole('heading', { level: 2, name: QUIZ_FIRST_QUESTION });
  await hydratedInPlace(page, release, [question]);
  expect(errors).toEqual([]);
  // The SPA's own render from here: the next question's group is named by its heading (useId
  // agrees with the frame's ids), and Back returns to the first.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('group', { name: /^Netflix night/ })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('group', { name: QUIZ_FIRST_QUESTION })).toBeVisible();
});

test('/quiz: an answer picked and Next tapped before the bundle has run carry over to the SPA', async ({ page }) => {
  const release = await openWithBundleHeld(page, '/quiz');
  await page.getByText('Up for an adventure').click();
  await page.getByRole('button', { name: 'Next' }).click();
  // Nothing listens yet: still the first question.
  await expect(page.getByText('Question 1 of 11')).toBeVisible();
  release();
  await expect(page.getByText('Question 2 of 11')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('radio', { name: /Up for an adventure/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Meeting new people/ })).not.toBeChecked();
});

test('the event page shows its hero image without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/event/gurugram');
  const hero = page.locator('header img');
  await expect(hero).toHaveAttribute('src', '/images/events/gurugram.svg');
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByText('6-8 guests per table')).toBeVisible();
  await context.close();
});

test('a direct load of /events and of an event asks the API for nothing it already has', async ({ page }) => {
  const eventCalls: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/events')) eventCalls.push(req.url());
  });
  await page.goto('/events');
  await expect(page.getByRole('main').getByRole('listitem').first()).toContainText('Gurugram');
  await page.goto('/event/gurugram');
  await expect(page.getByRole('link', { name: 'Sign in to book' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(eventCalls).toEqual([]);
});

test("the landing pages' HTML carries its own styles and leaves its scripts for after the first paint", async ({
  request,
}) => {
  for (const { path } of PAGES) {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers().etag).toBeUndefined();
    const html = await res.text();
    // Booleans, not toMatch: a failure should not print the whole page.
    const inlined = /<style>([\s\S]{10000,}?)<\/style>/.exec(html)?.[1];
    expect(inlined !== undefined, `${path} inlines the first frames' stylesheet`).toBe(true);
    expect(/<link[^>]+rel="stylesheet"/.test(html), `${path} links no stylesheet`).toBe(false);
    // The bundle and the whole stylesheet are named for frame-taps.js, not fetched by the page itself.
    expect(/<script type="module"|modulepreload/.test(html), `${path} has no script to fetch before painting`).toBe(
      false,
    );
    const modules = /<script type="application\/json" id="app-modules">(.*?)<\/script>/.exec(html)?.[1] ?? '{}';
    const { entry, css, preload } = JSON.parse(modules) as { entry?: string; css?: string; preload?: string[] };
    expect(entry, `${path} names its bundle`).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    expect(preload, `${path} names the bundle's imports to preload`).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/assets\/[\w-]+\.js$/)]),
    );
    expect(css, `${path} names the whole stylesheet`).toMatch(/^\/assets\/index-[\w-]+\.css$/);
    // Whatever the whole stylesheet styles on this page, drawn from today's data (a card sold out,
    // a venue revealed), the inlined one styles too: nothing changes when the whole one arrives.
    const whole = classesStyledBy(await (await request.get(css ?? '')).text());
    const first = classesStyledBy(inlined ?? '');
    const body = html.slice(html.indexOf('<body'));
    const onPage = new Set([...body.matchAll(/\sclass="([^"]*)"/g)].flatMap((m) => attributeText(m[1]).split(/\s+/)));
    const styled = [...onPage].filter((name) => whole.has(name));
    // The comparison is not empty: the page's own classes are found, and the whole sheet styles them.
    expect(styled.length, `${path}: classes on the page the whole stylesheet styles`).toBeGreaterThan(20);
    const missing = styled.filter((name) => !first.has(name));
    expect(missing, `${path}: classes the inlined stylesheet leaves unstyled`).toEqual([]);
    // No inline script: the CSP would refuse it. Only the JSON data element is allowed.
    for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) expect(tag).toMatch(/\bsrc=|type="application\/json"/);
  }
});

/** The class names a minified stylesheet has rules for (`.md\\:p-4` is `md:p-4`). */
function classesStyledBy(css: string): Set<string> {
  const names = [...css.matchAll(/\.((?:[\w-]|\\[0-9a-fA-F]{1,6} ?|\\[^0-9a-fA-F])+)/g)].map((m) =>
    m[1].replace(
      /\\([0-9a-fA-F]{1,6}) ?|\\(.)/g,
      (_, hex, char) => char ?? String.fromCodePoint(Number.parseInt(hex, 16)),
    ),
  );
  return new Set(names);
}

test('an unknown event gets a page with nothing drawn in, and the venue never reaches the HTML early', async ({
  request,
}) => {
  const unknown = await (await request.get('/event/no-such-event')).text();
  expect(unknown).toContain('<div id="root"></div>');
  expect(unknown).not.toContain('id="page-data"');
  // Nothing render-blocking: the whole stylesheet and the bundle are named for frame-taps.js.
  expect(unknown).not.toMatch(/<link[^>]*rel="stylesheet"|<script type="module"/);
  expect(unknown).toMatch(/<script type="application\/json" id="app-modules">[^<]*"css":"\/assets\/index-[\w-]+\.css"/);
  // The second seeded dinner, a week or more ahead: its venue is a secret whatever the day.
  const known = await (await request.get(`/event/gurugram-${nextSaturdays(new Date(), 2)[1]}`)).text();
  expect(known).toContain('The exact venue is revealed 48 hours before the event.');
  expect(known).toContain('"venue":null');
});

/** Marks the document: a page load since (a form submitted natively, a link followed) takes the mark away. */
const markDocument = (page: Page) => page.evaluate(() => void Object.assign(window, { __samePage: true }));
/** Whether the document marked by {@link markDocument} is still the one shown. */
const sameDocument = (page: Page) => page.evaluate(() => (window as { __samePage?: boolean }).__samePage === true);

/** Opens `path` with the bundle held back, as a slow phone would, until `release` is called. */
async function openWithBundleHeld(page: Page, path: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  await page.waitForFunction(() => Array.isArray((window as { __frameTaps?: unknown }).__frameTaps));
  return release;
}

test('taps and typing on the first frame, before the bundle has run, carry over to the SPA', async ({ page }) => {
  // `/` is hydrated (docs/decisions/010-hydrate-or-swap.md).
  const release = await openWithBundleHeld(page, '/');

  const footer = page.getByRole('contentinfo');
  const email = `frame-${Date.now()}@example.com`;
  await markDocument(page);
  await footer.getByLabel('Email address').fill(email);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await page.getByRole('button', { name: 'View Details' }).click();
  // Nothing happened yet, not even a native form submission (which would load a page again).
  expect(await sameDocument(page)).toBe(true);
  await expect(page.getByRole('dialog', { name: 'Book Your Spot' })).toHaveCount(0);

  const stored = page.waitForResponse((r) => r.url().endsWith('/api/newsletter') && r.request().method() === 'POST');
  release();
  expect((await stored).request().postDataJSON()).toEqual({ email });
  await expect(page.getByRole('status').filter({ hasText: 'Subscribed!' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Book Your Spot' })).toBeVisible();
});

for (const path of ['/events', '/event/gurugram']) {
  test(`typing and a tap on the ${path} frame, which the Worker drew into, carry over too`, async ({ page }) => {
    const release = await openWithBundleHeld(page, path);
    const footer = page.getByRole('contentinfo');
    const email = `frame-worker-${Date.now()}@example.com`;
    await markDocument(page);
    await footer.getByLabel('Email address').fill(email);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    expect(await sameDocument(page)).toBe(true);

    const stored = page.waitForResponse((r) => r.url().endsWith('/api/newsletter') && r.request().method() === 'POST');
    release();
    expect((await stored).request().postDataJSON()).toEqual({ email });
    await expect(page.getByRole('status').filter({ hasText: 'Subscribed!' })).toBeVisible();
    // The SPA took the submit the frame kept: the page was never loaded again.
    expect(await sameDocument(page)).toBe(true);
  });
}

test('a date picked on the /events frame before the bundle ran still filters the list once the SPA has it', async ({
  page,
}) => {
  // What the SPA shows for a date picked the ordinary way (the seeded dinners share one city, so
  // the city filter is not shown).
  await page.goto('/events');
  await spaRendered(page);
  const date = page.getByRole('combobox', { name: 'Date' });
  const cards = page.getByRole('main').getByRole('listitem');
  const value = await date.locator('option:not([value=""])').first().getAttribute('value');
  if (!value) throw new Error('no date to pick on /events');
  const all = await cards.allTextContents();
  await date.selectOption(value);
  // The date picked leaves some dinners out, or this would prove nothing.
  await expect.poll(async () => (await cards.allTextContents()).length).toBeLessThan(all.length);
  const filtered = await cards.allTextContents();

  const release = await openWithBundleHeld(page, '/events');
  await date.selectOption(value);
  release();
  await spaRendered(page);
  await expect(date).toHaveValue(value);
  await expect.poll(() => cards.allTextContents()).toEqual(filtered);
});

/** frame-taps.js, as the build names it (a hashed copy under /assets/). */
const FRAME_TAPS = /\/frame-taps(-[\w-]+)?\.js$/;

/**
 * Opens `path` with frame-taps.js held back until the SPA has the page (a bundle from the cache can
 * win that race). Only on the SPA's own shell: on a landing page frame-taps.js starts the bundle.
 */
async function openWithTapsScriptLate(page: Page, path: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(FRAME_TAPS, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  await spaRendered(page);
  const arrived = page.waitForResponse(FRAME_TAPS);
  release();
  await arrived;
  // The script has run (async scripts run as they arrive); had it started recording, it would have set an array.
  await expect.poll(() => page.evaluate(() => (window as { __frameTaps?: unknown }).__frameTaps)).toBeNull();
}

test('on a landing page the bundle is fetched once the frame has painted, and then takes the page over', async ({
  page,
}) => {
  for (const path of ['/', '/event/gurugram']) {
    await page.goto(path);
    await spaRendered(page);
    // After the first paint, or once the page had loaded (frame-taps.js's fallback where no paint is reported).
    const { painted, fetched, sheet, applied } = await page.evaluate(() => ({
      painted: Math.min(
        performance.getEntriesByName('first-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY,
        (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart ||
          Number.POSITIVE_INFINITY,
      ),
      fetched:
        performance.getEntriesByType('resource').find((e) => /\/assets\/index-[\w-]+\.js$/.test(e.name))?.startTime ??
        null,
      sheet:
        performance.getEntriesByType('resource').find((e) => /\/assets\/index-[\w-]+\.css$/.test(e.name))?.startTime ??
        null,
      // The whole stylesheet, in force by the time the SPA has the page.
      applied: [...document.styleSheets].some(
        (s) => /\/assets\/index-[\w-]+\.css$/.test(s.href ?? '') && s.cssRules.length > 0,
      ),
    }));
    expect(painted, `${path}: first paint`).toBeLessThan(Number.POSITIVE_INFINITY);
    expect(fetched, `${path}: the bundle's request`).not.toBeNull();
    expect(fetched as number, `${path}: the bundle asked for after the first paint`).toBeGreaterThanOrEqual(
      painted as number,
    );
    expect(sheet, `${path}: the whole stylesheet's request`).not.toBeNull();
    expect(sheet as number, `${path}: the whole stylesheet asked for after the first paint`).toBeGreaterThanOrEqual(
      painted as number,
    );
    expect(applied, `${path}: the whole stylesheet applied when the SPA took over`).toBe(true);
  }
});

test('frame-taps.js arriving after the SPA drew a page without a frame leaves it working too', async ({ page }) => {
  // /auth: served as the bare shell, the SPA draws it all.
  await openWithTapsScriptLate(page, '/auth');
  const start = page.getByRole('button').first();
  await expect(start).toBeVisible();
  const clicked = await start.evaluate((b) => {
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    b.dispatchEvent(event);
    return event.defaultPrevented;
  });
  expect(clicked).toBe(false);
});
