import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import indexHtml from '../../web/index.html?raw';
import { app } from '../../worker/app';
import { dinnerHours, formatCalendarDate } from '../../worker/domain/time';
import type { Env } from '../../worker/env';
import { createEvent } from './helpers/booking-fixtures';

/**
 * A shared link previews the page from its HTML alone (WhatsApp, Slack, iMessage run no script):
 * the Worker writes each landing page's title, description and Open Graph tags into what it serves.
 */

/** The built SPA as the assets binding serves it: web/index.html's own head, an empty root. */
const ASSETS = {
  fetch: async () => new Response(indexHtml, { headers: { 'Content-Type': 'text/html; charset=utf-8' } }),
  connect: () => {
    throw new Error('not used');
  },
} as unknown as Fetcher;

const page = async (path: string) => {
  const res = await app.request(`https://tablemates.example${path}`, {}, { ...env, ASSETS } as Env);
  expect(res.status, path).toBe(200);
  return res.text();
};

/** The `content` of every `<meta>` with this name or property, in order. */
const meta = (html: string, key: string) =>
  [...html.matchAll(/<meta\s+([^>]*)>/g)]
    .map(([, attrs]) => attrs)
    .filter((attrs) => new RegExp(`(?:name|property)="${key}"`).test(attrs))
    .map((attrs) => /content="([^"]*)"/.exec(attrs)?.[1]);
const title = (html: string) => [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);

describe("an event page's HTML names the dinner", () => {
  it('in its title, description and link preview, with an absolute image and nothing doubled', async () => {
    const event = await createEvent({ title: 'Supper by the Lake', location: 'Gurugram' });
    const html = await page(`/event/${event.id}`);
    const when = formatCalendarDate(event.date, { year: false });

    expect(title(html)).toEqual([`Gurugram · ${when} — Tablemates`]);
    const [description] = meta(html, 'description');
    expect(description).toContain('Supper by the Lake');
    expect(description).toContain('Gurugram');
    expect(description).toContain(dinnerHours(event.startsAt, event.endsAt));
    expect(description).toContain('₹499');
    expect(meta(html, 'og:title')).toEqual([`Supper by the Lake · ${when}`]);
    expect(meta(html, 'og:description')).toEqual([description]);
    // Previewers show no SVG: the illustration's JPEG (committed beside it in web/public).
    expect(meta(html, 'og:image')).toEqual(['https://tablemates.example/images/events/gurugram.jpg']);
    expect(meta(html, 'og:image:alt')).toEqual(['Supper by the Lake']);
    expect(meta(html, 'og:url')).toEqual([`https://tablemates.example/event/${event.id}`]);
    expect(meta(html, 'og:type')).toEqual(['website']);
    expect(meta(html, 'og:site_name')).toEqual(['Tablemates']);
    expect(meta(html, 'twitter:card')).toEqual(['summary_large_image']);
    // index.html's defaults are replaced, not left beside the dinner's.
    expect(meta(html, 'description')).toHaveLength(1);
    expect(html).not.toContain('Curated weekend dinners where six to eight strangers share a table.');
  });

  it('by its city too (/event/<city>), and escapes what an operator typed', async () => {
    const event = await createEvent({ title: 'Tom & Jerry\'s "Feast" <b>', location: 'Noida' });
    const html = await page(`/event/${event.city}`);
    expect(meta(html, 'og:title')[0]).toContain('Tom &amp; Jerry&#x27;s &quot;Feast&quot; &lt;b&gt;');
    expect(html).not.toContain('"Feast" <b>');
    expect(title(html)[0]).toMatch(/^Noida · \d{1,2} [A-Z][a-z]{2} — Tablemates$/);
  });

  it("keeps index.html's general preview for an event that does not exist", async () => {
    const html = await page('/event/no-such-dinner');
    expect(title(html)).toEqual(['Tablemates — Where strangers become friends']);
    expect(meta(html, 'og:title')).toEqual(['Tablemates — Where strangers become friends']);
  });
});

describe('the other landing pages carry their own head', () => {
  it('/events: "Upcoming dinners", with a description and a preview', async () => {
    const html = await page('/events');
    expect(title(html)).toEqual(['Upcoming dinners — Tablemates']);
    expect(meta(html, 'og:title')).toEqual(['Upcoming dinners with Tablemates']);
    expect(meta(html, 'description')[0]).toContain('Each card shows the dinner');
    expect(meta(html, 'og:url')).toEqual(['https://tablemates.example/events']);
    expect(meta(html, 'og:image')).toEqual(['https://tablemates.example/images/events/gurugram.jpg']);
  });

  it('/quiz: the vibe check and its tagline', async () => {
    const html = await page('/quiz');
    expect(title(html)).toEqual(['The vibe check — Tablemates']);
    expect(meta(html, 'og:title')).toEqual(['Take the Tablemates vibe check']);
    expect(meta(html, 'description')).toEqual(['Help us match you with people who get it.']);
    expect(meta(html, 'og:url')).toEqual(['https://tablemates.example/quiz']);
  });

  it('/: the product and its promise', async () => {
    const html = await page('/');
    expect(title(html)).toEqual(['Tablemates — Where strangers become friends']);
    expect(meta(html, 'og:description')[0]).toContain('six to eight strangers');
    expect(meta(html, 'og:url')).toEqual(['https://tablemates.example/']);
  });
});
