import { env, SELF } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { cityWaitlist, events, newsletterSignups } from '../../db/schema';
import { eventRow } from './helpers/event-row';
import { apiRequest, createSignedInUser, ORIGIN } from './helpers/session-cookie';

const INVALID_EMAIL = 'Please enter a valid email';
const UNKNOWN_CITY = 'Please choose a city that is coming soon.';

const raw = (path: string, body: string, contentType = 'application/json') =>
  SELF.fetch(`${ORIGIN}${path}`, { method: 'POST', headers: { Origin: ORIGIN, 'Content-Type': contentType }, body });
const newsletterRows = () => db(env.DB).select().from(newsletterSignups);
const waitlistRows = () => db(env.DB).select().from(cityWaitlist);

const cityEvent = (id: string, city: string, available: boolean, inDays = 7) =>
  eventRow(id, inDays * 86_400_000, { city, title: id, location: city, available });

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare('DELETE FROM newsletter_signups'),
    env.DB.prepare('DELETE FROM city_waitlist'),
    env.DB.prepare('DELETE FROM payment_orders'),
    env.DB.prepare('DELETE FROM events'),
  ]);
  await db(env.DB)
    .insert(events)
    .values([
      cityEvent('noida-launch', 'noida', false),
      cityEvent('delhi-ncr-launch', 'delhi-ncr', false),
      cityEvent('gurugram-next', 'gurugram', true),
    ]);
});

describe('POST /api/newsletter', () => {
  it('stores the email trimmed and lower-cased', async () => {
    const res = await SELF.fetch(apiRequest('POST', '/api/newsletter', { body: { email: '  Guest@Example.COM ' } }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect((await newsletterRows()).map((r) => r.email)).toEqual(['guest@example.com']);
  });

  it('succeeds on a repeat sign-up and stores nothing new', async () => {
    for (const email of ['guest@example.com', 'guest@example.com', 'GUEST@example.com ']) {
      const res = await SELF.fetch(apiRequest('POST', '/api/newsletter', { body: { email } }));
      expect(res.status).toBe(200);
    }
    expect(await newsletterRows()).toHaveLength(1);
  });

  it('accepts an email of exactly 255 characters', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}`;
    expect(email).toHaveLength(255);
    const res = await SELF.fetch(apiRequest('POST', '/api/newsletter', { body: { email } }));
    expect(res.status).toBe(200);
  });

  it.each([
    ['an invalid email', { email: 'not-an-email' }],
    ['an empty email', { email: '   ' }],
    [
      'an email over 255 characters',
      { email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}` },
    ],
    ['a number for the email', { email: 42 }],
    ['a missing email', {}],
    ['an array body', [{ email: 'a@b.co' }]],
  ])('refuses %s with 400, the spec message and nothing stored', async (_label, body) => {
    const res = await SELF.fetch(apiRequest('POST', '/api/newsletter', { body }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'invalid_input', message: INVALID_EMAIL, fields: { email: INVALID_EMAIL } },
    });
    expect(await newsletterRows()).toHaveLength(0);
  });

  it.each([
    ['malformed JSON', '{"email": "a@b.co"', 'application/json', 'The request body must be valid JSON.'],
    ['an empty body', '', 'application/json', 'The request body must be valid JSON.'],
    ['a non-JSON content type', '{"email":"a@b.co"}', 'text/plain', 'The request body must be valid JSON.'],
    ['a form body', 'email=a%40b.co', 'application/x-www-form-urlencoded', 'The request body must be valid JSON.'],
    [
      'a body over 32 KB',
      JSON.stringify({ email: 'a@b.co', pad: 'x'.repeat(40_000) }),
      'application/json',
      'The request body is too large.',
    ],
  ])('refuses %s with the 400 error shape, no stack trace and nothing stored', async (_label, body, type, message) => {
    const res = await raw('/api/newsletter', body, type);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: { code: string; message: string } };
    expect(json.error.code).toBe('invalid_input');
    expect(json.error.message).toBe(message);
    expect(JSON.stringify(json)).not.toMatch(/at .*\.(ts|js)|stack/i);
    expect(await newsletterRows()).toHaveLength(0);
  });
});

describe('POST /api/waitlist', () => {
  it('records a signed-in guest once per city, with their user id from the session', async () => {
    const { userId, cookie } = await createSignedInUser();
    for (let i = 0; i < 2; i++) {
      const res = await SELF.fetch(
        apiRequest('POST', '/api/waitlist', { cookie, body: { city: 'noida', userId: 'someone-else' } }),
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
    }
    await SELF.fetch(apiRequest('POST', '/api/waitlist', { cookie, body: { city: 'delhi-ncr' } }));
    const rows = await waitlistRows();
    expect(rows.map((r) => [r.city, r.userId]).sort()).toEqual([
      ['delhi-ncr', userId],
      ['noida', userId],
    ]);
  });

  it('records an anonymous guest once per city and contact', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await SELF.fetch(
        apiRequest('POST', '/api/waitlist', { body: { city: 'noida', contact: ' +919812345678 ' } }),
      );
      expect(res.status).toBe(200);
    }
    await SELF.fetch(apiRequest('POST', '/api/waitlist', { body: { city: 'noida', contact: 'other@example.com' } }));
    const rows = await waitlistRows();
    expect(rows.map((r) => [r.city, r.userId, r.contact])).toEqual([
      ['noida', null, '+919812345678'],
      ['noida', null, 'other@example.com'],
    ]);
  });

  it.each([
    ['a city that is not listed', { city: 'mumbai' }],
    ['a city that already has dinners to book', { city: 'gurugram' }],
    ['a city slug with odd characters', { city: "noida'; DROP TABLE events;--" }],
    ['a number for the city', { city: 7 }],
    ['a missing city', {}],
  ])('refuses %s with 400 and nothing stored', async (_label, body) => {
    const res = await SELF.fetch(apiRequest('POST', '/api/waitlist', { body }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'invalid_input', message: UNKNOWN_CITY, fields: { city: UNKNOWN_CITY } },
    });
    expect(await waitlistRows()).toHaveLength(0);
  });

  it('refuses a contact over 255 characters with 400 and nothing stored', async () => {
    const res = await SELF.fetch(
      apiRequest('POST', '/api/waitlist', { body: { city: 'noida', contact: 'x'.repeat(256) } }),
    );
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(json.error.code).toBe('invalid_input');
    expect(Object.keys(json.error.fields)).toEqual(['contact']);
    expect(await waitlistRows()).toHaveLength(0);
  });

  it('refuses malformed JSON with the 400 error shape and nothing stored', async () => {
    const res = await raw('/api/waitlist', '{city: noida}');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_input');
    expect(await waitlistRows()).toHaveLength(0);
  });
});
