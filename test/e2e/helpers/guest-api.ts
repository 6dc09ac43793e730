/**
 * A guest's own data through the product's API, for specs whose subject is elsewhere (the header,
 * the layout, My Booking): the vibe check as `POST /api/quiz` takes it, with a spec's own answers
 * on top where it matters (e.g. long tile names for the layout).
 */
import type { Page } from '@playwright/test';
import { expect, outbox } from '../fixtures.ts';

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

/**
 * The newest "Confirm your email" link mailed to `email` (the welcome email's button, or the
 * confirmation email's), as the sandbox outbox holds it (docs/decisions/026).
 */
export async function confirmationLinkFor(email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const mails = (await outbox()).filter((m) => m.channel === 'email' && m.to === email);
        const found = mails
          .map((m) => m.body.match(/https?:\/\/\S+\/verify-email\?token=[^\s"<]+/)?.[0])
          .filter(Boolean);
        link = found.at(-1) ?? '';
        return link;
      },
      { message: `a confirmation link mailed to ${email}`, timeout: 15_000 },
    )
    .not.toBe('');
  return link;
}

/**
 * Confirms the guest's profile email with the link from the outbox, through the API the
 * /verify-email page calls, so booking emails reach it (only a confirmed email gets them).
 */
export async function confirmEmailFromOutbox(page: Page, origin: string, email: string) {
  const token = new URL(await confirmationLinkFor(email)).searchParams.get('token');
  const res = await page.request.post('/api/profile/email/verify', { headers: { Origin: origin }, data: { token } });
  expect(res.status(), await res.text()).toBe(200);
}

/** What `saveProfile` sends: SPEC §3's profile, with a spec's own name, email and phone. */
type ProfileFields = { full_name: string; email: string; phone_number: string } & Partial<{
  date_of_birth: string;
  sex: 'male' | 'female';
  relationship_status: string;
  work_profile: string;
}>;

/**
 * Saves the signed-in guest's profile through the API the profile form uses (the form has its own
 * specs): a woman of 33, single, in a job, unless `fields` says otherwise; 200 or the spec fails.
 */
export async function saveProfile(page: Page, origin: string, fields: ProfileFields) {
  const res = await page.request.put('/api/profile', {
    headers: { Origin: origin },
    data: {
      date_of_birth: '1993-05-10',
      sex: 'female',
      relationship_status: 'single',
      work_profile: 'job',
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}
