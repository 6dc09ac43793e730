/**
 * A guest's own data through the product's API, for specs whose subject is elsewhere (the header,
 * the layout, My Booking): the vibe check as `POST /api/quiz` takes it, with a spec's own answers
 * on top where it matters (e.g. long tile names for the layout).
 */
import type { Page } from '@playwright/test';
import { expect } from '../fixtures.ts';

/** A complete vibe check (SPEC §2), every step answered. */
export const QUIZ_ANSWERS = {
  vibe_reason: 'new_people',
  netflix_style: 'comfort_show',
  superpower: 'teleport',
  social_battery: 'introvert',
  life_progress: 'cart',
  doing_nothing: 'okay',
  music_genres: ['Jazz'],
  movie_genres: ['Drama', 'Comedy', 'Romance'],
  free_entry: 'concerts',
  family_guy_character: 'brian',
  dietary_preferences: 'vegetarian',
};

/** Submits the signed-in guest's vibe check (`answers` over {@link QUIZ_ANSWERS}); 201 or the spec fails. */
export async function submitQuiz(page: Page, origin: string, answers: Partial<typeof QUIZ_ANSWERS> = {}) {
  const res = await page.request.post('/api/quiz', {
    headers: { Origin: origin },
    data: { ...QUIZ_ANSWERS, ...answers },
  });
  expect(res.status(), await res.text()).toBe(201);
}
