import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  FAMILY_GUY_CHARACTERS,
  MOVIE_GENRES,
  MUSIC_GENRES,
  QUIZ_DEFAULTS,
  QUIZ_STEPS,
  QuizAnswersSchema,
  toQuizRow,
  validateStep,
} from '../../worker/domain/quiz';

const complete = { ...QUIZ_DEFAULTS, music_genres: ['Rock'], movie_genres: ['Horror', 'Drama', 'Comedy'] };

describe('the 11 quiz steps (SPEC §2)', () => {
  it('come in the spec order with every option in order', () => {
    expect(QUIZ_STEPS.map((s) => s.field)).toEqual([
      'vibe_reason',
      'netflix_style',
      'superpower',
      'social_battery',
      'life_progress',
      'doing_nothing',
      'music_genres',
      'movie_genres',
      'free_entry',
      'family_guy_character',
      'dietary_preferences',
    ]);
    const values = (i: number) => QUIZ_STEPS[i].options.map((o) => o.value);
    expect(values(0)).toEqual(['new_people', 'adventure', 'grow_circle', 'no_solo']);
    expect(values(1)).toEqual(['comfort_show', 'new_series']);
    expect(values(2)).toEqual(['teleport', 'read_minds']);
    expect(values(3)).toEqual(['extrovert', 'introvert', 'ambivert']);
    expect(values(4)).toEqual(['cart', 'preparing', 'on_way', 'delivered']);
    expect(values(5)).toEqual(['peace', 'okay', 'torture']);
    expect(MUSIC_GENRES.map((g) => g.label)).toEqual([
      'Rock',
      'Pop',
      'R&B',
      'Hip-Hop',
      'EDM',
      'Desi/Bollywood',
      'Classical',
      'Metal',
      'Reggae',
      'K-Pop',
      'Ghazal',
      'Jazz',
    ]);
    expect(MUSIC_GENRES.every((g) => g.emoji)).toBe(true);
    expect(MOVIE_GENRES.map((g) => g.label)).toEqual([
      'Action / Thriller',
      'Horror',
      'Sci-Fi',
      'Drama',
      'Comedy',
      'Romance',
      'Musical / Bollywood',
      'Documentary',
      'True Crime',
      'Animation',
      'Historical / Period',
      'Superhero / Fantasy',
      'K-Drama / K-Movies',
    ]);
    expect(values(8)).toEqual(['concerts', 'matches']);
    expect(FAMILY_GUY_CHARACTERS.map((c) => c.value)).toEqual([
      'peter',
      'lois',
      'stewie',
      'brian',
      'meg',
      'chris',
      'quagmire',
      'joe',
      'cleveland',
    ]);
    expect(FAMILY_GUY_CHARACTERS.every((c) => c.trait.length > 0)).toBe(true);
    expect(values(10)).toEqual(['vegetarian', 'non_vegetarian']);
    expect(QUIZ_STEPS[0].question).toBe("What's your vibe for pulling up today?");
    expect(QUIZ_STEPS[10].question).toBe('Any food stuff we should know?');
  });

  it('start from the spec defaults', () => {
    expect(QUIZ_DEFAULTS).toMatchObject({
      vibe_reason: 'new_people',
      netflix_style: 'comfort_show',
      superpower: 'teleport',
      social_battery: 'ambivert',
      life_progress: 'cart',
      doing_nothing: 'okay',
      free_entry: 'concerts',
      family_guy_character: 'peter',
      dietary_preferences: 'vegetarian',
      music_genres: [],
      movie_genres: [],
      age_range: '26-35',
    });
  });
});

describe('validateStep', () => {
  const singleSteps = QUIZ_STEPS.map((s, i) => [i, s] as const).filter(([, s]) => s.kind === 'single');

  it.each(singleSteps.map(([i, s]) => [i + 1, s.field, i] as const))(
    'step %i (%s) accepts each listed value and refuses anything else',
    (_n, field, i) => {
      for (const o of QUIZ_STEPS[i].options) expect(validateStep(i, { ...complete, [field]: o.value })).toBeNull();
      expect(validateStep(i, { ...complete, [field]: 'something_else' })).toBe('All questions are mandatory');
      expect(validateStep(i, { ...complete, [field]: undefined })).toBe('All questions are mandatory');
    },
  );

  it('step 7 (music) needs 1 to 3 genres', () => {
    expect(validateStep(6, { ...complete, music_genres: [] })).toBe('Pick at least 1');
    expect(validateStep(6, { ...complete, music_genres: ['Rock'] })).toBeNull();
    expect(validateStep(6, { ...complete, music_genres: ['Rock', 'Pop', 'Jazz'] })).toBeNull();
    expect(validateStep(6, { ...complete, music_genres: ['Rock', 'Pop', 'Jazz', 'EDM'] })).toBe('Pick up to 3');
  });

  it('step 8 (movies) needs exactly 3 genres', () => {
    expect(validateStep(7, { ...complete, movie_genres: [] })).toBe('Pick exactly 3');
    expect(validateStep(7, { ...complete, movie_genres: ['Horror', 'Drama'] })).toBe('Pick exactly 3');
    expect(validateStep(7, { ...complete, movie_genres: ['Horror', 'Drama', 'Comedy'] })).toBeNull();
    expect(validateStep(7, { ...complete, movie_genres: ['Horror', 'Drama', 'Comedy', 'Romance'] })).toBe(
      'Pick exactly 3',
    );
  });
});

describe('toQuizRow (SPEC §3)', () => {
  const answers = v.parse(QuizAnswersSchema, complete);

  it('falls back to Anonymous, null email and 26-35', () => {
    expect(toQuizRow(answers)).toMatchObject({
      name: 'Anonymous',
      email: null,
      ageRange: '26-35',
      conversationStyle: 'listener',
    });
  });

  it('stores ambivert as introvert and keeps the others', () => {
    expect(toQuizRow({ ...answers, social_battery: 'ambivert' }).personalityType).toBe('introvert');
    expect(toQuizRow({ ...answers, social_battery: 'introvert' }).personalityType).toBe('introvert');
    expect(toQuizRow({ ...answers, social_battery: 'extrovert' }).personalityType).toBe('extrovert');
  });

  it('prefers the profile name, then the answered name', () => {
    expect(toQuizRow({ ...answers, name: 'Quiz Name' }, { name: 'Asha Rao' }).name).toBe('Asha Rao');
    expect(toQuizRow({ ...answers, name: 'Quiz Name' }).name).toBe('Quiz Name');
  });

  it('keeps exactly the listed interest keys', () => {
    expect(Object.keys(JSON.parse(toQuizRow(answers).interests))).toEqual([
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
  });
});
