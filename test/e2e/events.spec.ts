import { expect, spaRendered, test } from './fixtures.ts';

/** Seed (db/seed.ts): `gurugram-YYYY-MM-DD` on each of the next four Saturdays, available. */
const GURUGRAM_ID = /\/event\/gurugram-\d{4}-\d{2}-\d{2}$/;

test('the list shows the seeded Gurugram dinners soonest first, each Available Now', async ({ page, request }) => {
  const { events } = (await (await request.get('/api/events')).json()) as {
    events: Array<{ id: string; date: string }>;
  };
  expect(events.length).toBeGreaterThanOrEqual(4);

  await page.goto('/events');
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards).toHaveCount(events.length);
  const hrefs = await cards.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual(events.map((e) => `/event/${e.id}`));
  const dates = events.map((e) => e.date);
  expect([...dates].sort()).toEqual(dates);
  for (let i = 0; i < events.length; i++) {
    await expect(cards.nth(i).getByText('Available Now')).toBeVisible();
    await expect(cards.nth(i)).toContainText('Gurugram');
    await expect(cards.nth(i).locator('img')).toHaveAttribute('src', '/images/events/gurugram.svg');
  }
  // The unavailable launch cities never appear on the list.
  await expect(page.getByRole('main')).not.toContainText('Noida');
});

test('clicking a card opens its detail page with the fixed time and table size', async ({ page }) => {
  await page.goto('/events');
  // The last dinner is always more than 48 hours away, so its venue is still a secret.
  const last = page.getByRole('main').getByRole('listitem').last();
  await last.getByRole('link').click();
  await expect(page).toHaveURL(GURUGRAM_ID);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Gurugram');
  await expect(page.getByText('7:00 PM - 10:00 PM').first()).toBeVisible();
  await expect(page.getByText('6-8 guests per table')).toBeVisible();
  await expect(page.getByText('The exact venue is revealed 48 hours before the event.')).toBeVisible();
  for (const section of ['The Experience', "What's Included", 'What to Expect', 'Terms']) {
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  // IST date in words, e.g. "Saturday, 28 November 2026".
  await expect(page.getByText(/^Saturday, \d{1,2} [A-Z][a-z]+ \d{4}$/).first()).toBeVisible();
});

test('an unknown event says so and goes back to /events', async ({ page }) => {
  await page.goto('/event/no-such-dinner');
  await expect(page).toHaveURL('/events');
  await expect(
    page.getByTestId('toast').filter({ hasText: "This event doesn't exist or is no longer available." }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeVisible();
});

test('an unavailable city is not found either', async ({ page }) => {
  await page.goto('/event/noida');
  await expect(page).toHaveURL('/events');
  await expect(page.getByTestId('toast')).toContainText("This event doesn't exist or is no longer available.");
});

test('/event/gurugram resolves to the next Gurugram dinner', async ({ page, request }) => {
  const { events } = (await (await request.get('/api/events')).json()) as {
    events: Array<{ title: string; city: string }>;
  };
  const next = events.find((e) => e.city === 'gurugram');
  await page.goto('/event/gurugram');
  await expect(page).toHaveURL('/event/gurugram');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(next?.title ?? 'missing');
  await expect(page.getByText('6-8 guests per table')).toBeVisible();
});

test('an anonymous visitor sees no ticket selection, only a way to sign in', async ({ page }) => {
  await page.goto('/event/gurugram');
  await expect(page.getByText('6-8 guests per table')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in to book' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: /coupon/i })).toHaveCount(0);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await page.getByRole('link', { name: 'Sign in to book' }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/auth' && url.searchParams.get('redirect') === '/event/gurugram',
  );
});

test('a failing list shows the error toast and an inline message', async ({ page }) => {
  // A direct load of /events carries its list in the HTML; the SPA asks the API when it navigates there.
  await page.route('**/api/events', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"error":{"code":"internal","message":"boom"}}',
    }),
  );
  await page.goto('/gallery');
  await page.getByRole('link', { name: 'Join the Journey' }).click();
  await expect(page).toHaveURL('/events');
  await expect(page.getByTestId('toast').filter({ hasText: 'Error loading events' })).toContainText(
    'Please try again later.',
    { timeout: 15_000 },
  );
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
});

test('once the API reveals the venue, the page shows it instead of the 48-hour note', async ({ page }) => {
  // Opened from the list, so the SPA asks the API (a direct load carries the event in its HTML).
  await page.route(/\/api\/events\/gurugram-\d{4}-\d{2}-\d{2}$/, async (route) => {
    const { event } = (await (await route.fetch()).json()) as { event: Record<string, unknown> };
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        event: { ...event, venue: { name: 'The Courtyard Table', address: 'Galleria Market, DLF Phase IV, Gurugram' } },
      }),
    });
  });
  await page.goto('/events');
  await spaRendered(page);
  await page.getByRole('main').getByRole('listitem').first().getByRole('link').click();
  await expect(page).toHaveURL(GURUGRAM_ID);
  await expect(page.getByText('The Courtyard Table')).toBeVisible();
  await expect(page.getByText('Galleria Market, DLF Phase IV, Gurugram')).toBeVisible();
  await expect(page.getByText('The exact venue is revealed 48 hours before the event.')).toHaveCount(0);
});

test("the event page's HTML preloads its hero image, and an unknown event's does not", async ({ request }) => {
  const page = await request.get('/event/gurugram');
  expect(page.status()).toBe(200);
  expect(page.headers()['content-security-policy']).toContain("default-src 'self'");
  expect(page.headers().link).toBe('</images/events/gurugram.svg>; rel=preload; as=image; fetchpriority=high');
  // The page drawn in, for the SPA to hydrate (docs/decisions/010).
  expect(await page.text()).toContain('<div id="root" data-frame="hydrate">');
  const unknown = await request.get('/event/no-such-event');
  expect(unknown.status()).toBe(200);
  expect(unknown.headers().link).toBeUndefined();
});
