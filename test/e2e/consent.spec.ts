/**
 * Consent (issue 22): a new guest signs in with quiz answers waiting, reads the itemised notice
 * (axe at phone and desktop widths), and nothing is stored until they agree; agreeing stores the
 * quiz. Marketing is off until turned on from /profile, and one click turns it off again; the
 * unsubscribe link of a marketing email in the sandbox outbox turns it off without signing in.
 */
import { expect, expectAccessible, outbox, test } from './fixtures.ts';
import { QUIZ_ANSWERS } from './helpers/guest-api.ts';
import { localD1 } from './helpers/local-d1.ts';
import { agreeToNotice, codeFromOutbox, ORIGIN, randomPhone, signInByApi } from './helpers/sign-in.ts';

const marketingOf = async (page: import('@playwright/test').Page) =>
  ((await (await page.request.get('/api/me/consents')).json()) as { marketing: boolean }).marketing;

test('a new guest agrees to the notice before the quiz is stored, then turns marketing on, off, and off by the email link', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Answers taken before signing in, as the quiz leaves them.
  await page.goto('/');
  await page.evaluate((answers) => localStorage.setItem('pendingQuizData', JSON.stringify(answers)), QUIZ_ANSWERS);
  await page.goto('/auth?fromQuiz=true');

  const phone = randomPhone();
  const started = Date.now() - 1000;
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await page.getByLabel('Verification code').fill(await codeFromOutbox(`+91${phone}`, started));
  await page.getByRole('button', { name: 'Verify' }).click();

  // The notice, itemised: what, why, how to withdraw. Nothing stored yet.
  await expect(page).toHaveURL(/\/consent/, { timeout: 15_000 });
  const notice = page.getByRole('article');
  await expect(page.getByRole('heading', { level: 1, name: 'Before we save your answers' })).toBeVisible();
  await expect(notice.getByRole('heading', { name: 'What we collect and why' })).toBeVisible();
  await expect(notice.getByText('Your vibe check answers, interests and food preferences')).toBeVisible();
  await expect(notice.getByText('To match you with tablemates', { exact: false })).toBeVisible();
  await expect(notice.getByRole('heading', { name: 'How to withdraw' })).toBeVisible();
  expect(await (await page.request.get('/api/quiz')).json()).toEqual({ completed: false });
  expect(await page.evaluate(() => localStorage.getItem('pendingQuizData'))).not.toBeNull();
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Storing the quiz before agreeing is refused by the server too, whatever the browser does.
  const origin = new URL(page.url()).origin;
  const refused = await page.request.post('/api/quiz', { headers: { Origin: origin }, data: QUIZ_ANSWERS });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('consent_required');

  // 'I agree' (by keyboard): the pending answers are stored, and on to the profile.
  await page.getByRole('button', { name: 'I agree' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile-details$/, { timeout: 15_000 });
  await expect(page.getByText('Vibe check complete ✓')).toBeVisible();
  expect(await (await page.request.get('/api/quiz')).json()).toEqual({ completed: true });
  const consents = (await (await page.request.get('/api/me/consents')).json()) as Record<string, unknown>;
  expect(consents).toMatchObject({ notice_required: false, marketing: false });
  expect(consents.notice_version).toBe(consents.current_notice_version);

  const email = `consent.${phone}.${Date.now()}@example.com`;
  const saved = await page.request.put('/api/profile', {
    headers: { Origin: origin },
    data: {
      full_name: 'Meera Iyer',
      email,
      phone_number: phone,
      date_of_birth: '1993-02-11',
      sex: 'female',
      relationship_status: 'single',
      work_profile: 'job',
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  // /profile: marketing off by default; one click on, one click (the keyboard's) off.
  await page.goto('/profile');
  const toggle = page.getByRole('switch', { name: 'Send me newsletters and offers' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Marketing turned on' })).toBeVisible();
  await expect(toggle).toBeChecked();
  expect(await marketingOf(page)).toBe(true);
  await expectAccessible(page);
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('toast').filter({ hasText: 'Marketing turned off' })).toBeVisible();
  await expect(toggle).not.toBeChecked();
  expect(await marketingOf(page)).toBe(false);

  // The footer form, signed in: an opt-in for the address and the guest's marketing consent.
  await page.goto('/');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Subscribed!')).toBeVisible();
  expect(await marketingOf(page)).toBe(true);

  // The marketing email in the outbox carries the unsubscribe link; opening it changes nothing.
  let link = '';
  await expect
    .poll(async () => {
      const mail = (await outbox()).filter((m) => m.channel === 'email' && m.to === email).at(-1);
      link = mail?.body.match(/https?:\/\/\S+\/unsubscribe\?token=\S+/)?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByText(`Stop newsletters and offers to ${email}?`)).toBeVisible();
  expect(await marketingOf(page)).toBe(true);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "You're unsubscribed" })).toBeFocused();
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    `We won't send newsletters or offers to ${email} again.`,
  );
  await expectAccessible(page);
  expect(await marketingOf(page)).toBe(false);
  await page.goto('/profile');
  await expect(page.getByRole('switch', { name: 'Send me newsletters and offers' })).not.toBeChecked();
});

test('a forged unsubscribe link says it does not work and changes nothing', async ({ page }) => {
  await page.goto('/unsubscribe?token=bm90LW91cnM.deadbeef');
  await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
  await expectAccessible(page);
});

test('a guest on an older notice who opens a dinner directly is sent to the current notice by Book Now, and back to the dinner', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const phone = await signInByApi(page);
  const saved = await page.request.put('/api/profile', {
    headers: { Origin: ORIGIN },
    data: {
      full_name: 'Asha Verma',
      email: `older-notice-${phone}@example.com`,
      phone_number: phone,
      date_of_birth: '1995-04-12',
      sex: 'female',
      relationship_status: 'single',
      work_profile: 'job',
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  // The notice changed since they agreed: their newest row is agreement to an older version. Their
  // rows move ten years back, in order, and the older agreement goes after them: newest until the
  // one they give below, whenever the run gets there (no row dated ahead of a clock that may not
  // have passed it yet).
  const { user } = (await (await page.request.get('/api/auth/session')).json()) as { user: { id: string } };
  await localD1(
    `UPDATE consents SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '-10 years') WHERE user_id = '${user.id}';
     INSERT INTO consents (id, user_id, purpose, notice_version, granted, source, created_at) VALUES ('${crypto.randomUUID()}', '${user.id}', 'service', '2020-01-01', 1, 'notice', '2020-06-01T00:00:00.000Z')`,
  );

  await page.goto('/event/gurugram');
  await page.getByRole('radio', { name: /^Female 1 seat/ }).check();
  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(/\/consent\?redirect=%2Fevent%2Fgurugram/, { timeout: 15_000 });
  await agreeToNotice(page);
  await expect(page).toHaveURL(/\/event\/gurugram$/);
  await page.getByRole('radio', { name: /^Female 1 seat/ }).check();
  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByRole('dialog', { name: 'Razorpay sandbox checkout' })).toBeVisible();
});
