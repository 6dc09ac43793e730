import { env, SELF } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/client';
import { deliveries, quizResponses, userProfiles } from '../../db/schema';
import { sendWelcomeEmail } from '../../worker/services/welcome-email';
import { apiRequest, createSignedInUser } from './helpers/session-cookie';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Outbox = Array<{ channel: string; to: string; subject?: string; body: string }>;

let seq = 0;
const uniqueEmail = (tag: string) => `${tag}.${Date.now()}.${++seq}@example.com`;

/**
 * The saves' clock: 00:10 IST on 15 March 2026, still 14 March in UTC. Ages are counted on India's
 * date, so 2008-03-15 is 18 today and 2008-03-16 not yet. A date of birth counted back from the
 * wall clock failed on 29 February 2028 (no one born in 2010 turns 18 that day) and around IST
 * midnight (a date taken before it, the save after).
 */
const SAVED_AT = new Date('2026-03-14T18:40:00Z');

const validProfile = (email = uniqueEmail('asha')) => ({
  full_name: '  Asha Rao  ',
  email,
  phone_number: '+919876543210',
  date_of_birth: '1995-06-15',
  sex: 'female',
  relationship_status: 'single',
  work_profile: 'startup',
});

const profileRow = (userId: string) =>
  db(env.DB).select().from(userProfiles).where(eq(userProfiles.userId, userId)).get();
const welcomeMailsTo = async (email: string) => {
  const res = await fetch(`${env.SANDBOX_URL}/outbox`);
  return ((await res.json()) as Outbox).filter((m) => m.channel === 'email' && m.to === email);
};

describe('PUT /api/profile', () => {
  // Only Date is faked: the sandbox and the database answer as usual.
  beforeEach(() => vi.useFakeTimers({ now: SAVED_AT, toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('saves every field, computes the age on the server and trims the name', async () => {
    const { userId, cookie } = await createSignedInUser();
    const body = validProfile();
    const res = await SELF.fetch(apiRequest('PUT', '/api/profile', { cookie, body: { ...body, age: 99 } }));
    expect(res.status).toBe(200);
    const { profile } = (await res.json()) as { profile: Record<string, unknown> };
    expect(profile).toMatchObject({
      full_name: 'Asha Rao',
      email: body.email,
      phone_number: '+919876543210',
      date_of_birth: '1995-06-15',
      sex: 'female',
      relationship_status: 'single',
      work_profile: 'startup',
    });
    const row = await profileRow(userId);
    // Born 15 June 1995: 30 on 15 March 2026, the birthday not yet come.
    expect(row!.age).toBe(30);
  });

  it('applies the spec defaults for sex, relationship status and work profile', async () => {
    const { userId, cookie } = await createSignedInUser();
    const { sex: _s, relationship_status: _r, work_profile: _w, ...rest } = validProfile();
    expect((await SELF.fetch(apiRequest('PUT', '/api/profile', { cookie, body: rest }))).status).toBe(200);
    expect(await profileRow(userId)).toMatchObject({
      sex: 'prefer_not_to_say',
      relationshipStatus: 'prefer_not_to_say',
      workProfile: 'job',
    });
  });

  it('upserts on user_id: a second save updates the one row', async () => {
    const { userId, cookie } = await createSignedInUser();
    const body = validProfile();
    await SELF.fetch(apiRequest('PUT', '/api/profile', { cookie, body }));
    const first = await profileRow(userId);
    const res = await SELF.fetch(
      apiRequest('PUT', '/api/profile', {
        cookie,
        body: { ...body, full_name: 'Asha Raman', work_profile: 'business' },
      }),
    );
    expect(res.status).toBe(200);
    const rows = await db(env.DB).select().from(userProfiles).where(eq(userProfiles.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first!.id, fullName: 'Asha Raman', workProfile: 'business' });
  });

  it("updates the quiz response's name", async () => {
    const { userId, cookie } = await createSignedInUser();
    await db(env.DB).insert(quizResponses).values({
      id: crypto.randomUUID(),
      userId,
      name: 'Anonymous',
      email: null,
      ageRange: '26-35',
      dietaryPreferences: 'vegetarian',
      interests: '{}',
      personalityType: 'introvert',
      conversationStyle: 'listener',
      answers: '{}',
    });
    await SELF.fetch(apiRequest('PUT', '/api/profile', { cookie, body: validProfile() }));
    const quiz = await db(env.DB).select().from(quizResponses).where(eq(quizResponses.userId, userId)).get();
    expect(quiz!.name).toBe('Asha Rao');
  });

  it('sends the welcome email once, however often the profile is saved', async () => {
    const { userId, cookie } = await createSignedInUser();
    const body = validProfile(uniqueEmail('welcome'));
    await SELF.fetch(apiRequest('PUT', '/api/profile', { cookie, body }));
    await SELF.fetch(apiRequest('PUT', '/api/profile', { cookie, body: { ...body, full_name: 'Asha Raman' } }));
    const mails = await welcomeMailsTo(body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Welcome to Tablemates!');
    expect(mails[0].body).toContain('Asha');
    expect(
      await db(env.DB)
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.key, `welcome:${userId}`), eq(deliveries.state, 'sent'))),
    ).toHaveLength(1);
    const [welcome] = await db(env.DB)
      .select()
      .from(deliveries)
      .where(eq(deliveries.key, `welcome:${userId}`));
    expect(welcome).toMatchObject({ channel: 'email', userId, state: 'sent' });
  });

  it('refuses an email another guest already uses with 409 and the spec message', async () => {
    const a = await createSignedInUser();
    const b = await createSignedInUser();
    const email = uniqueEmail('taken');
    await SELF.fetch(apiRequest('PUT', '/api/profile', { cookie: a.cookie, body: validProfile(email) }));
    const aBefore = await profileRow(a.userId);
    const res = await SELF.fetch(
      apiRequest('PUT', '/api/profile', {
        cookie: b.cookie,
        body: { ...validProfile(email.toUpperCase()), full_name: 'Ravi Kumar' },
      }),
    );
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toBe(
      'This email is already registered. Please use a different email address.',
    );
    expect(await profileRow(b.userId)).toBeUndefined();
    expect(await profileRow(a.userId)).toEqual(aBefore);
  });

  it("never touches another guest's profile", async () => {
    const a = await createSignedInUser();
    const b = await createSignedInUser();
    await SELF.fetch(apiRequest('PUT', '/api/profile', { cookie: a.cookie, body: validProfile() }));
    const aBefore = await profileRow(a.userId);
    // A user_id in the body is ignored: the session decides whose row is written.
    const res = await SELF.fetch(
      apiRequest('PUT', '/api/profile', {
        cookie: b.cookie,
        body: { ...validProfile(), user_id: a.userId, full_name: 'Ravi Kumar' },
      }),
    );
    expect(res.status).toBe(200);
    expect(await profileRow(a.userId)).toEqual(aBefore);
    expect((await profileRow(b.userId))!.fullName).toBe('Ravi Kumar');
  });

  it.each([
    ['full_name', 'A', 'Name must be at least 2 characters'],
    ['full_name', '   ', 'Name must be at least 2 characters'],
    [
      'full_name',
      `Asha ${'a'.repeat(50)}b ${'o'.repeat(1)}${'ab'.repeat(25)}`,
      'Name must be less than 100 characters',
    ],
    ['full_name', 'Asha', 'Please enter a valid full name (first and last name, no gibberish)'],
    ['full_name', 'asdf qwrtz', 'Please enter a valid full name (first and last name, no gibberish)'],
    ['full_name', 'Aaaron Rao', 'Please enter a valid full name (first and last name, no gibberish)'],
    ['full_name', undefined, 'Name must be at least 2 characters'],
    ['email', '', 'Email is required'],
    ['email', undefined, 'Email is required'],
    ['email', 'asha@', 'Please enter a valid email address'],
    ['phone_number', '98765', 'Please enter a valid phone number'],
    ['phone_number', '', 'Please enter a valid phone number'],
    ['date_of_birth', '', 'Date of birth is required'],
    ['date_of_birth', undefined, 'Date of birth is required'],
    ['date_of_birth', '2001-02-30', 'Please enter a valid date of birth'],
    ['date_of_birth', '1899-12-31', 'Please enter a valid date of birth'],
    ['date_of_birth', '2008-03-16', 'You must be at least 18 years old to register.'],
    ['sex', 'other', 'Please choose one of the options'],
    ['relationship_status', 'married', 'Please choose one of the options'],
    ['work_profile', 'retired', 'Please choose one of the options'],
    ['seat_with_women', 'yes', 'Please tick the box or leave it empty'],
    ['seat_with_women', 1, 'Please tick the box or leave it empty'],
    ['seat_with_women', null, 'Please tick the box or leave it empty'],
  ])('refuses %s = %j with 400 "%s" and stores nothing', async (field, value, message) => {
    const { userId, cookie } = await createSignedInUser();
    const res = await SELF.fetch(
      apiRequest('PUT', '/api/profile', { cookie, body: { ...validProfile(), [field]: value } }),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.fields?.[field]).toBe(message);
    expect(await profileRow(userId)).toBeUndefined();
  });

  it('saves the wish for two other women at the table (issue 21): off unless asked, kept when a save leaves it out', async () => {
    const { userId, cookie } = await createSignedInUser();
    const put = async (body: Record<string, unknown>) => {
      const res = await SELF.fetch(apiRequest('PUT', '/api/profile', { cookie, body }));
      expect(res.status).toBe(200);
      return ((await res.json()) as { profile: Record<string, unknown> }).profile.seat_with_women;
    };
    const body = validProfile();
    // A first save that does not mention it: off.
    expect(await put(body)).toBe(false);
    expect((await profileRow(userId))?.seatWithWomen).toBe(false);
    expect(await put({ ...body, seat_with_women: true })).toBe(true);
    expect((await profileRow(userId))?.seatWithWomen).toBe(true);
    // A save from a screen that does not know it leaves it as the guest set it.
    expect(await put(body)).toBe(true);
    expect(await put({ ...body, seat_with_women: false })).toBe(false);
    expect((await profileRow(userId))?.seatWithWomen).toBe(false);
    // A new profile that asks at once.
    const other = await createSignedInUser();
    const res = await SELF.fetch(
      apiRequest('PUT', '/api/profile', {
        cookie: other.cookie,
        body: { ...validProfile(), seat_with_women: true },
      }),
    );
    expect(((await res.json()) as { profile: Record<string, unknown> }).profile.seat_with_women).toBe(true);
  });

  it('accepts a guest who turns 18 today in India', async () => {
    const { cookie } = await createSignedInUser();
    const res = await SELF.fetch(
      apiRequest('PUT', '/api/profile', { cookie, body: { ...validProfile(), date_of_birth: '2008-03-15' } }),
    );
    expect(res.status).toBe(200);
  });

  it('answers 401 with the spec message when signed out', async () => {
    const res = await SELF.fetch(apiRequest('PUT', '/api/profile', { body: validProfile() }));
    expect(res.status).toBe(401);
    expect(((await res.json()) as ErrorBody).error.message).toBe('You must be logged in to complete your profile.');
  });
});

describe('GET /api/profile', () => {
  it('answers null before the first save, then the saved profile', async () => {
    const { cookie } = await createSignedInUser();
    expect(await (await SELF.fetch(apiRequest('GET', '/api/profile', { cookie }))).json()).toEqual({ profile: null });
    const body = validProfile();
    await SELF.fetch(apiRequest('PUT', '/api/profile', { cookie, body }));
    const { profile } = (await (await SELF.fetch(apiRequest('GET', '/api/profile', { cookie }))).json()) as {
      profile: Record<string, unknown>;
    };
    expect(profile).toMatchObject({ full_name: 'Asha Rao', email: body.email, seat_with_women: false });
  });

  it('answers 401 when signed out', async () => {
    expect((await SELF.fetch(apiRequest('GET', '/api/profile'))).status).toBe(401);
  });
});

describe('sendWelcomeEmail', () => {
  it('reports a provider failure instead of throwing, so a profile save never fails on it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { userId } = await createSignedInUser();
    const guest = { userId, name: 'Asha Rao', email: uniqueEmail('nowelcome') };
    expect(await sendWelcomeEmail({ ...env, EMAIL_API_KEY: 'wrong-key' }, guest)).toBe(false);
    expect(await sendWelcomeEmail({ ...env, EMAIL_BASE_URL: 'http://127.0.0.1:9/nothing-here' }, guest)).toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(await welcomeMailsTo(guest.email)).toHaveLength(0);
    warn.mockRestore();
  });
});
