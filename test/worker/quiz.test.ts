import { env, SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { quizResponses, userProfiles } from '../../db/schema';
import { apiRequest, createSignedInUser } from './helpers/session-cookie';

const validAnswers = {
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

const quizRow = (userId: string) =>
  db(env.DB).select().from(quizResponses).where(eq(quizResponses.userId, userId)).get();

describe('POST /api/quiz', () => {
  it('stores the row exactly as SPEC §3 maps it, plus the raw answers', async () => {
    const { userId, cookie } = await createSignedInUser();
    const res = await SELF.fetch(apiRequest('POST', '/api/quiz', { cookie, body: validAnswers }));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ completed: true });
    const row = await quizRow(userId);
    expect(row).toMatchObject({
      name: 'Anonymous',
      email: null,
      ageRange: '26-35',
      dietaryPreferences: 'non_vegetarian',
      personalityType: 'introvert',
      conversationStyle: 'listener',
    });
    const interests = JSON.parse(row!.interests);
    expect(Object.keys(interests)).toEqual([
      'vibe_reason',
      'netflix_style',
      'superpower',
      'life_progress',
      'doing_nothing',
      'music_genres',
      'movie_genres',
      'free_entry',
      'family_guy_character',
    ]);
    expect(interests).toMatchObject({
      vibe_reason: 'adventure',
      music_genres: ['Rock', 'Jazz'],
      family_guy_character: 'stewie',
    });
    expect(JSON.parse(row!.answers)).toMatchObject({ ...validAnswers, social_battery: 'ambivert' });
  });

  it('keeps extrovert and introvert as they are', async () => {
    for (const battery of ['extrovert', 'introvert'] as const) {
      const { userId, cookie } = await createSignedInUser();
      const res = await SELF.fetch(
        apiRequest('POST', '/api/quiz', { cookie, body: { ...validAnswers, social_battery: battery } }),
      );
      expect(res.status).toBe(201);
      expect((await quizRow(userId))!.personalityType).toBe(battery);
    }
  });

  it("uses the profile's full name and email when the guest has them", async () => {
    const { userId, cookie } = await createSignedInUser({ email: 'acct@example.com' });
    await db(env.DB)
      .insert(userProfiles)
      .values({ id: crypto.randomUUID(), userId, fullName: 'Meera Iyer', email: 'meera.quiz@example.com' });
    await SELF.fetch(apiRequest('POST', '/api/quiz', { cookie, body: validAnswers }));
    expect(await quizRow(userId)).toMatchObject({ name: 'Meera Iyer', email: 'meera.quiz@example.com' });
  });

  it('answers a second submit with 409 and changes nothing', async () => {
    const { userId, cookie } = await createSignedInUser();
    expect((await SELF.fetch(apiRequest('POST', '/api/quiz', { cookie, body: validAnswers }))).status).toBe(201);
    const before = await quizRow(userId);
    const res = await SELF.fetch(
      apiRequest('POST', '/api/quiz', {
        cookie,
        body: { ...validAnswers, social_battery: 'extrovert', dietary_preferences: 'vegetarian' },
      }),
    );
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      "You've already completed the vibe check.",
    );
    expect(await quizRow(userId)).toEqual(before);
  });

  it("leaves another guest's response untouched", async () => {
    const a = await createSignedInUser();
    const b = await createSignedInUser();
    await SELF.fetch(apiRequest('POST', '/api/quiz', { cookie: a.cookie, body: validAnswers }));
    const before = await quizRow(a.userId);
    const res = await SELF.fetch(
      apiRequest('POST', '/api/quiz', { cookie: b.cookie, body: { ...validAnswers, family_guy_character: 'brian' } }),
    );
    expect(res.status).toBe(201);
    expect(await quizRow(a.userId)).toEqual(before);
    expect(JSON.parse((await quizRow(b.userId))!.interests).family_guy_character).toBe('brian');
  });

  it.each([
    ['vibe_reason', 'bored', 'All questions are mandatory'],
    ['netflix_style', undefined, 'All questions are mandatory'],
    ['superpower', 'fly', 'All questions are mandatory'],
    ['social_battery', 'omnivert', 'All questions are mandatory'],
    ['life_progress', 'lost', 'All questions are mandatory'],
    ['doing_nothing', '', 'All questions are mandatory'],
    ['music_genres', [], 'Pick at least 1'],
    ['music_genres', ['Rock', 'Pop', 'Jazz', 'Metal'], 'Pick up to 3'],
    ['music_genres', ['Polka'], 'All questions are mandatory'],
    ['movie_genres', ['Horror', 'Drama'], 'Pick exactly 3'],
    ['movie_genres', ['Horror', 'Drama', 'Comedy', 'Romance'], 'Pick exactly 3'],
    ['movie_genres', ['Horror', 'Horror', 'Drama'], 'Pick exactly 3'],
    ['free_entry', 'theatre', 'All questions are mandatory'],
    ['family_guy_character', 'homer', 'All questions are mandatory'],
    ['dietary_preferences', 'vegan', 'All questions are mandatory'],
    ['email', 'not-an-email', 'Please enter a valid email address'],
  ])('refuses %s = %j with 400 "%s" and stores nothing', async (field, value, message) => {
    const { userId, cookie } = await createSignedInUser();
    const res = await SELF.fetch(
      apiRequest('POST', '/api/quiz', { cookie, body: { ...validAnswers, [field]: value } }),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.fields[field] ?? body.error.message).toBe(message);
    expect(await quizRow(userId)).toBeUndefined();
  });

  it('answers 401 when signed out', async () => {
    const res = await SELF.fetch(apiRequest('POST', '/api/quiz', { body: validAnswers }));
    expect(res.status).toBe(401);
  });
});

describe('GET /api/quiz', () => {
  it('says whether the guest has answered', async () => {
    const { cookie } = await createSignedInUser();
    const first = await SELF.fetch(apiRequest('GET', '/api/quiz', { cookie }));
    expect(await first.json()).toEqual({ completed: false });
    await SELF.fetch(apiRequest('POST', '/api/quiz', { cookie, body: validAnswers }));
    const second = await SELF.fetch(apiRequest('GET', '/api/quiz', { cookie }));
    expect(await second.json()).toEqual({ completed: true });
  });

  it('answers 401 when signed out', async () => {
    expect((await SELF.fetch(apiRequest('GET', '/api/quiz'))).status).toBe(401);
  });
});
