import { env, SELF } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { consents, newsletterSignups, paymentOrders, quizResponses, userProfiles, users } from '../../db/schema';
import { CONSENT_NOTICE_VERSION } from '../../worker/domain/consent';
import { CONSENT_COPY } from '../../worker/domain/copy-consent';
import { nextPath } from '../../worker/domain/next-path';
import { readUnsubscribeToken, signUnsubscribeToken } from '../../worker/lib/unsubscribe-token';
import { marketingEmail, sendMarketingEmail, sendMarketingWhatsApp } from '../../worker/services/marketing';
import { signIn } from './helpers/auth';
import { createEvent, createGuest } from './helpers/booking-fixtures';
import { apiRequest, createSignedInUser, ORIGIN } from './helpers/session-cookie';

type View = {
  notice_version: string | null;
  current_notice_version: string;
  notice_required: boolean;
  marketing: boolean;
};
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Outbox = Array<{ channel: string; to: string; subject?: string; body: string; html?: string }>;

const QUIZ = {
  vibe_reason: 'adventure',
  netflix_style: 'new_series',
  superpower: 'read_minds',
  social_battery: 'ambivert',
  life_progress: 'on_way',
  doing_nothing: 'torture',
  music_genres: ['Rock', 'Jazz'],
  movie_genres: ['Horror', 'Comedy', 'K-Drama / K-Movies'],
  free_entry: 'matches',
  family_guy_character: 'stewie',
  dietary_preferences: 'non_vegetarian',
};
let seq = 0;
const uniqueEmail = (tag: string) => `${tag}.${Date.now()}.${++seq}@example.com`;
const PROFILE = (email: string) => ({
  full_name: 'Asha Rao',
  email,
  phone_number: '+919876543210',
  date_of_birth: '1995-06-15',
  sex: 'female',
  relationship_status: 'single',
  work_profile: 'startup',
});

const call = (method: string, path: string, cookie?: string, body?: unknown) =>
  SELF.fetch(apiRequest(method, path, { cookie, body }));
const getConsents = async (cookie: string) => (await (await call('GET', '/api/me/consents', cookie)).json()) as View;
const rowsOf = (userId: string) =>
  db(env.DB).select().from(consents).where(eq(consents.userId, userId)).orderBy(consents.createdAt);
const emailsTo = async (to: string) =>
  ((await (await fetch(`${env.SANDBOX_URL}/outbox`)).json()) as Outbox).filter(
    (m) => m.channel === 'email' && m.to === to,
  );
/** The unsubscribe link's token in the newest email to `to` (its text part). */
const tokenIn = async (to: string) => {
  const link = (await emailsTo(to)).at(-1)?.body.match(/https?:\/\/\S+\/unsubscribe\?token=(\S+)/)?.[1];
  if (!link) throw new Error(`no unsubscribe link mailed to ${to}`);
  return decodeURIComponent(link);
};

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM rate_events').run();
});

describe('GET/PUT /api/me/consents', () => {
  it('a new guest has agreed to nothing and marketing is off by default', async () => {
    const { cookie } = await createSignedInUser({ consent: false });
    expect(await getConsents(cookie)).toEqual({
      notice_version: null,
      current_notice_version: CONSENT_NOTICE_VERSION,
      notice_required: true,
      marketing: false,
    });
  });

  it('agreeing records the version and time once; a repeat adds no row', async () => {
    const { userId, cookie } = await createSignedInUser({ consent: false });
    const before = Date.now();
    const res = await call('PUT', '/api/me/consents', cookie, { notice_version: CONSENT_NOTICE_VERSION });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ notice_version: CONSENT_NOTICE_VERSION, notice_required: false });
    await call('PUT', '/api/me/consents', cookie, { notice_version: CONSENT_NOTICE_VERSION });
    const rows = await rowsOf(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      purpose: 'service',
      noticeVersion: CONSENT_NOTICE_VERSION,
      granted: 1,
      source: 'notice',
    });
    expect(Date.parse(rows[0].createdAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('a new notice version asks again: agreement to an older one is not enough, and its row is kept', async () => {
    const { userId, cookie } = await createSignedInUser({ consent: false });
    await db(env.DB).insert(consents).values({
      id: crypto.randomUUID(),
      userId,
      purpose: 'service',
      noticeVersion: '2020-01-01',
      granted: 1,
      source: 'notice',
    });
    expect(await getConsents(cookie)).toMatchObject({ notice_version: '2020-01-01', notice_required: true });
    const session = (await (await call('GET', '/api/auth/session', cookie)).json()) as {
      next: string;
      consent_required: boolean;
    };
    expect(session).toMatchObject({ consent_required: true, next: '/consent' });

    await call('PUT', '/api/me/consents', cookie, { notice_version: CONSENT_NOTICE_VERSION });
    expect((await rowsOf(userId)).map((r) => r.noticeVersion)).toEqual(['2020-01-01', CONSENT_NOTICE_VERSION]);
    const after = (await (await call('GET', '/api/auth/session', cookie)).json()) as {
      next: string;
      consent_required: boolean;
    };
    expect(after).toMatchObject({ consent_required: false, next: '/quiz' });
  });

  it('refuses agreement to a notice other than the current one with 409, recording nothing', async () => {
    const { userId, cookie } = await createSignedInUser({ consent: false });
    const res = await call('PUT', '/api/me/consents', cookie, { notice_version: '2020-01-01' });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error).toEqual({
      code: 'notice_outdated',
      message: CONSENT_COPY.errors.outdated,
    });
    expect(await rowsOf(userId)).toEqual([]);
  });

  it('marketing on then off keeps both rows; the newest is the state; a repeat adds nothing', async () => {
    const { userId, cookie } = await createSignedInUser();
    expect(await (await call('PUT', '/api/me/consents', cookie, { marketing: true })).json()).toMatchObject({
      marketing: true,
    });
    await call('PUT', '/api/me/consents', cookie, { marketing: true });
    expect(await (await call('PUT', '/api/me/consents', cookie, { marketing: false })).json()).toMatchObject({
      marketing: false,
    });
    const marketing = (await rowsOf(userId)).filter((r) => r.purpose === 'marketing');
    expect(marketing.map((r) => [r.granted, r.source])).toEqual([
      [1, 'profile'],
      [0, 'profile'],
    ]);
    expect((await getConsents(cookie)).marketing).toBe(false);
  });

  it('turning marketing off also takes the guest’s own address off the newsletter list', async () => {
    const email = uniqueEmail('own');
    const { userId, cookie } = await createSignedInUser({ email });
    await db(env.DB)
      .insert(newsletterSignups)
      .values([{ email }, { email: uniqueEmail('other') }]);
    await call('PUT', '/api/me/consents', cookie, { marketing: true });
    await call('PUT', '/api/me/consents', cookie, { marketing: false });
    expect(await db(env.DB).select().from(newsletterSignups).where(eq(newsletterSignups.email, email))).toEqual([]);
    expect(await db(env.DB).select().from(newsletterSignups)).not.toHaveLength(0);
    expect(userId).toBeTruthy();
  });

  it.each([
    ['nothing to change', {}],
    ['marketing not a boolean', { marketing: 'yes' }],
    ['an unknown field', { marketing: true, granted: 1 }],
    ['a notice version that is not a string', { notice_version: 20261126 }],
  ])('refuses %s with 400, recording nothing', async (_, body) => {
    const { userId, cookie } = await createSignedInUser({ consent: false });
    const res = await call('PUT', '/api/me/consents', cookie, body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.code).toBe('invalid_input');
    expect(await rowsOf(userId)).toEqual([]);
  });

  it('answers 401 signed out', async () => {
    expect((await call('GET', '/api/me/consents')).status).toBe(401);
    expect((await call('PUT', '/api/me/consents', undefined, { marketing: true })).status).toBe(401);
  });
});

describe('nothing is stored before the notice is agreed', () => {
  it('a quiz without the current notice is 403 consent_required and stores nothing; after agreeing it is stored', async () => {
    const { userId, cookie } = await createSignedInUser({ consent: false });
    const refused = await call('POST', '/api/quiz', cookie, QUIZ);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorBody).error).toEqual({
      code: 'consent_required',
      message: CONSENT_COPY.errors.required,
    });
    expect(await db(env.DB).select().from(quizResponses).where(eq(quizResponses.userId, userId))).toEqual([]);

    await call('PUT', '/api/me/consents', cookie, { notice_version: CONSENT_NOTICE_VERSION });
    expect((await call('POST', '/api/quiz', cookie, QUIZ)).status).toBe(201);
  });

  it('a profile save without the current notice is 403 and changes nothing; after agreeing it saves', async () => {
    // A phone sign-in leaves a profile row holding the phone: it must stay exactly as it was.
    const { cookie, user } = await signIn(undefined, { consent: false });
    const profileOf = () => db(env.DB).select().from(userProfiles).where(eq(userProfiles.userId, user.id)).get();
    const before = await profileOf();
    const email = uniqueEmail('refused');
    const refused = await call('PUT', '/api/profile', cookie, PROFILE(email));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorBody).error.code).toBe('consent_required');
    expect(await profileOf()).toEqual(before);
    expect(await emailsTo(email)).toEqual([]);

    await call('PUT', '/api/me/consents', cookie, { notice_version: CONSENT_NOTICE_VERSION });
    expect((await call('PUT', '/api/profile', cookie, PROFILE(email))).status).toBe(200);
  });

  it('an order without the current notice is 403 consent_required and holds nothing; after agreeing it holds', async () => {
    const guest = await createGuest({ sex: 'male' });
    const event = await createEvent();
    await db(env.DB).delete(consents).where(eq(consents.userId, guest.userId));
    await db(env.DB).insert(consents).values({
      id: crypto.randomUUID(),
      userId: guest.userId,
      purpose: 'service',
      noticeVersion: '2020-01-01',
      granted: 1,
      source: 'notice',
    });
    const order = () =>
      call('POST', '/api/orders', guest.cookie, {
        event_id: event.id,
        ticket_type: 'couple',
        party_name: 'Ravi Rao',
        party_phone: '+919812345678',
      });
    const refused = await order();
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorBody).error).toEqual({
      code: 'consent_required',
      message: CONSENT_COPY.errors.required,
    });
    expect(await db(env.DB).select().from(paymentOrders).where(eq(paymentOrders.userId, guest.userId))).toEqual([]);

    await call('PUT', '/api/me/consents', guest.cookie, { notice_version: CONSENT_NOTICE_VERSION });
    expect((await order()).status).toBe(201);
  });

  it('the redirect rule puts the notice before everything else', () => {
    expect(nextPath({ consented: false, hasPendingQuiz: true, quizCompleted: true, fullName: 'Asha' })).toBe(
      '/consent',
    );
    expect(nextPath({ consented: true, hasPendingQuiz: false, quizCompleted: false, fullName: null })).toBe('/quiz');
    expect(nextPath({ consented: true, hasPendingQuiz: false, quizCompleted: true, fullName: 'Asha' })).toBe('/events');
  });
});

describe('unsubscribe links', () => {
  it('a newsletter address with no account: the welcome email’s link takes it off the list, no sign-in', async () => {
    const email = uniqueEmail('reader');
    expect((await call('POST', '/api/newsletter', undefined, { email })).status).toBe(200);
    const [mail] = await emailsTo(email);
    expect(mail.subject).toBe(CONSENT_COPY.email.welcomeSubject);
    expect(mail.html).toContain('data-unsubscribe');
    const token = await tokenIn(email);

    const shown = await call('GET', `/api/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await shown.json()).toEqual({ email });
    // Opening the link changes nothing (mail scanners open links).
    expect(await db(env.DB).select().from(newsletterSignups).where(eq(newsletterSignups.email, email))).toHaveLength(1);

    const res = await call('POST', '/api/unsubscribe', undefined, { token });
    expect(await res.json()).toEqual({ email, unsubscribed: true });
    expect(await db(env.DB).select().from(newsletterSignups).where(eq(newsletterSignups.email, email))).toEqual([]);
    // A second click is still a success, and the welcome is not sent again on a new sign-up.
    expect((await call('POST', '/api/unsubscribe', undefined, { token })).status).toBe(200);
    await call('POST', '/api/newsletter', undefined, { email });
    expect(await emailsTo(email)).toHaveLength(1);
  });

  it('a signed-in guest who subscribes records marketing consent; the link withdraws it', async () => {
    const email = uniqueEmail('guest');
    const { userId, cookie } = await createSignedInUser({ email });
    await call('POST', '/api/newsletter', cookie, { email });
    expect(await getConsents(cookie)).toMatchObject({ marketing: true });
    await call('POST', '/api/unsubscribe', undefined, { token: await tokenIn(email) });
    expect(await getConsents(cookie)).toMatchObject({ marketing: false });
    expect((await rowsOf(userId)).filter((r) => r.purpose === 'marketing').map((r) => [r.granted, r.source])).toEqual([
      [1, 'newsletter_form'],
      [0, 'unsubscribe_link'],
    ]);
  });

  it('the link also takes the guest’s other addresses off the list, as the /profile switch does', async () => {
    const account = uniqueEmail('account');
    const other = uniqueEmail('profile');
    const { userId, cookie } = await createSignedInUser({ email: account });
    await db(env.DB).insert(userProfiles).values({ id: crypto.randomUUID(), userId, fullName: 'Asha', email: other });
    await call('POST', '/api/newsletter', cookie, { email: account });
    await db(env.DB).insert(newsletterSignups).values({ email: other }).onConflictDoNothing();
    const res = await call('POST', '/api/unsubscribe', undefined, {
      token: await signUnsubscribeToken(env.SESSION_SECRET, account),
    });
    expect(res.status).toBe(200);
    expect(await getConsents(cookie)).toMatchObject({ marketing: false });
    expect(await db(env.DB).select().from(newsletterSignups).where(eq(newsletterSignups.email, other))).toEqual([]);
    const sent = await sendMarketingEmail(env, db(env.DB), {
      key: `test:${other}`,
      to: other,
      userId: null,
      subject: 'News',
      blocks: [{ text: 'Hi' }],
    });
    expect(sent).toBe(false);
  });

  it('an erased account whose address the link names gets no new consents row', async () => {
    const email = uniqueEmail('erased');
    const { userId, cookie } = await createSignedInUser({ email });
    await call('PUT', '/api/me/consents', cookie, { marketing: true });
    await db(env.DB).update(users).set({ erasedAt: new Date().toISOString() }).where(eq(users.id, userId));
    const res = await call('POST', '/api/unsubscribe', undefined, {
      token: await signUnsubscribeToken(env.SESSION_SECRET, email),
    });
    expect(res.status).toBe(200);
    expect((await rowsOf(userId)).filter((r) => r.purpose === 'marketing').map((r) => r.granted)).toEqual([1]);
  });

  it('the token names the address only, never the account it was sent to', async () => {
    const userId = crypto.randomUUID();
    const mail = await marketingEmail(env, {
      to: 'asha@example.com',
      userId,
      subject: 'News',
      blocks: [{ text: 'Hi' }],
    });
    const token = decodeURIComponent(mail.text.match(/unsubscribe\?token=(\S+)/)?.[1] ?? '');
    const body = token.split('.')[0].replace(/-/g, '+').replace(/_/g, '/');
    expect(atob(body + '='.repeat((4 - (body.length % 4)) % 4))).toBe('{"e":"asha@example.com"}');
    expect(token).not.toContain(userId);
  });

  it('a missing or repeated token is 400 invalid_token (the API error shape), read or one-click, changing nothing', async () => {
    const email = uniqueEmail('query');
    await db(env.DB).insert(newsletterSignups).values({ email });
    const token = encodeURIComponent(await signUnsubscribeToken(env.SESSION_SECRET, email));
    const refusal = {
      code: 'invalid_token',
      message: CONSENT_COPY.errors.badToken,
      fields: { token: CONSENT_COPY.errors.badToken },
    };
    for (const query of ['', '?token=', `?token=${token}&token=${token}`]) {
      const read = await call('GET', `/api/unsubscribe${query}`);
      expect(read.status, query).toBe(400);
      expect(((await read.json()) as ErrorBody).error, query).toEqual(refusal);
      const click = await SELF.fetch(`${ORIGIN}/api/unsubscribe/one-click${query}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(click.status, query).toBe(400);
      expect(((await click.json()) as ErrorBody).error, query).toEqual(refusal);
    }
    expect(await db(env.DB).select().from(newsletterSignups).where(eq(newsletterSignups.email, email))).toHaveLength(1);
  });

  it.each([
    [
      'a token for another address with this signature',
      async (t: string) => `${btoa('{"e":"x@example.com","u":null}').replace(/=+$/, '')}.${t.split('.')[1]}`,
    ],
    [
      'a token signed with another secret',
      async () => signUnsubscribeToken('not-our-secret-0123456789abcdef', 'victim@example.com'),
    ],
    ['a truncated token', async (t: string) => t.slice(0, -4)],
    ['garbage', async () => 'not-a-token'],
  ])('refuses %s with 400, changing nothing', async (_, forge) => {
    const email = uniqueEmail('forged');
    await db(env.DB)
      .insert(newsletterSignups)
      .values([{ email }, { email: 'x@example.com' }, { email: 'victim@example.com' }])
      .onConflictDoNothing();
    const good = await signUnsubscribeToken(env.SESSION_SECRET, email);
    const token = await forge(good);
    expect(await readUnsubscribeToken(env.SESSION_SECRET, token)).toBeNull();
    const res = await call('POST', '/api/unsubscribe', undefined, { token });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.code).toBe('invalid_token');
    expect((await call('GET', `/api/unsubscribe?token=${encodeURIComponent(token)}`)).status).toBe(400);
    const still = await db(env.DB).select().from(newsletterSignups);
    expect(still.map((r) => r.email)).toEqual(expect.arrayContaining([email, 'x@example.com', 'victim@example.com']));
  });
});

describe('marketing messages', () => {
  it('every marketing email carries the unsubscribe link in its footer and text, and a one-click List-Unsubscribe', async () => {
    const mail = await marketingEmail(env, {
      to: 'asha@example.com',
      userId: null,
      subject: 'News',
      blocks: [{ text: 'Hello' }],
    });
    const page = mail.text.match(/http\S+\/unsubscribe\?token=\S+/)?.[0] ?? '';
    expect(page).toMatch(/^http:\/\/localhost:8787\/unsubscribe\?token=/);
    expect(mail.html).toContain(page.replace(/&/g, '&#38;'));
    const token = decodeURIComponent(new URL(page).searchParams.get('token') ?? '');
    expect(await readUnsubscribeToken(env.SESSION_SECRET, token)).toEqual({ email: 'asha@example.com' });
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<http://localhost:8787/api/unsubscribe/one-click?token=${encodeURIComponent(token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('a mail app’s one-click POST (no Origin, no cookie) withdraws; a GET only opens the page', async () => {
    const email = uniqueEmail('oneclick');
    await db(env.DB).insert(newsletterSignups).values({ email });
    const token = await signUnsubscribeToken(env.SESSION_SECRET, email);
    const url = `${ORIGIN}/api/unsubscribe/one-click?token=${encodeURIComponent(token)}`;
    const opened = await SELF.fetch(url, { redirect: 'manual' });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('Location')).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await db(env.DB).select().from(newsletterSignups).where(eq(newsletterSignups.email, email))).toHaveLength(1);

    const forged = await SELF.fetch(url.replace(/token=[^&]+/, 'token=forged.00'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(forged.status).toBe(400);
    expect(await db(env.DB).select().from(newsletterSignups).where(eq(newsletterSignups.email, email))).toHaveLength(1);

    const res = await SELF.fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await db(env.DB).select().from(newsletterSignups).where(eq(newsletterSignups.email, email))).toEqual([]);
  });

  it('a marketing email goes only to an address on the list or a guest with marketing on', async () => {
    const email = uniqueEmail('nolist');
    const { userId, cookie } = await createSignedInUser({ email });
    const send = (key: string) =>
      sendMarketingEmail(env, db(env.DB), { key, to: email, userId, subject: 'News', blocks: [{ text: 'Hi' }] });
    expect(await send(`test:${email}:1`)).toBe(false);
    expect(await emailsTo(email)).toEqual([]);
    await call('PUT', '/api/me/consents', cookie, { marketing: true });
    expect(await send(`test:${email}:2`)).toBe(true);
    expect(await emailsTo(email)).toHaveLength(1);
  });

  it('a promotional WhatsApp checks marketing consent; without it nothing is sent', async () => {
    const { userId, cookie, phone } = await createSignedInUser();
    const whatsappsTo = async () =>
      ((await (await fetch(`${env.SANDBOX_URL}/outbox`)).json()) as Outbox).filter(
        (m) => m.channel === 'whatsapp' && m.to.replace(/^\+/, '') === String(phone).replace(/^\+/, ''),
      );
    const send = () =>
      sendMarketingWhatsApp(env, db(env.DB), {
        userId,
        to: String(phone),
        template: 'tablemates_news',
        params: ['Asha'],
      });
    expect(await send()).toBe(false);
    expect(await whatsappsTo()).toEqual([]);
    await call('PUT', '/api/me/consents', cookie, { marketing: true });
    expect(await send()).toBe(true);
    expect(await whatsappsTo()).toHaveLength(1);
    await call('PUT', '/api/me/consents', cookie, { marketing: false });
    expect(await send()).toBe(false);
    expect(await whatsappsTo()).toHaveLength(1);
    expect(
      await db(env.DB)
        .select()
        .from(consents)
        .where(and(eq(consents.userId, userId), eq(consents.purpose, 'marketing'))),
    ).toHaveLength(2);
  });
});
