import { expectAccessible, expect, outbox, test } from './fixtures.ts';
import { randomPhone, signInByApi, signInWithPhone } from './helpers/sign-in.ts';

/** A date `years` years before today in India, shifted by `days`. */
function istDateYearsAgo(years: number, days = 0): string {
  const ist = new Date(Date.now() + 5.5 * 3600_000);
  const d = new Date(Date.UTC(ist.getUTCFullYear() - years, ist.getUTCMonth(), ist.getUTCDate() + days));
  return d.toISOString().slice(0, 10);
}

test('vibe check signed out → sign in → answers saved → profile details → events; quiz only once; profile page', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/quiz');
  await expect(page.getByRole('heading', { name: /What's your vibe for pulling up today\?/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Back to Home/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await expect(page.getByTestId('quiz-progress').locator('li')).toHaveCount(11);
  await expectAccessible(page);

  // Enter on a choice neither advances nor submits.
  await page.getByRole('radio', { name: /Up for an adventure/ }).check();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('quiz-step')).toHaveAttribute('data-step', '1');

  const next = page.getByRole('button', { name: 'Next' });
  for (let step = 1; step <= 6; step++) await next.click();
  await expect(page.getByTestId('quiz-step')).toHaveAttribute('data-step', '7');
  // Focus moved to the new question.
  await expect(page.getByRole('heading', { name: /playlist/ })).toBeFocused();

  // Music: none picked is refused; a fourth tile is refused.
  await next.click();
  await expect(page.getByText('Please complete this question')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Pick at least 1' }).first()).toBeVisible();
  for (const g of ['Rock', 'Jazz', 'Ghazal']) await page.getByRole('checkbox', { name: g }).check();
  await page.getByRole('checkbox', { name: 'Metal' }).click();
  await expect(page.getByRole('checkbox', { name: 'Metal' })).not.toBeChecked();
  await next.click();

  // Movies: exactly 3.
  await page.getByRole('checkbox', { name: 'Horror' }).check();
  await next.click();
  await expect(page.getByTestId('quiz-step')).toHaveAttribute('data-step', '8');
  await expect(page.getByRole('alert').filter({ hasText: 'Pick exactly 3' }).first()).toBeVisible();
  await page.getByRole('checkbox', { name: 'Comedy' }).check();
  await page.getByRole('checkbox', { name: 'K-Drama / K-Movies' }).check();
  await next.click();

  await page.getByRole('radio', { name: /Matches/ }).check();
  await next.click();
  await page.getByRole('radio', { name: /Stewie/ }).check();
  await next.click();
  await page.getByRole('radio', { name: /Non-vegetarian/ }).check();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('radio', { name: /Stewie/ })).toBeChecked();
  await next.click();
  await page.getByRole('button', { name: "Let's Go" }).click();

  await expect(page.getByText('One last step!')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
  const pending = await page.evaluate(() => JSON.parse(localStorage.getItem('pendingQuizData') ?? 'null'));
  expect(pending).toMatchObject({
    social_battery: 'ambivert',
    music_genres: ['Rock', 'Jazz', 'Ghazal'],
    family_guy_character: 'stewie',
  });

  // Signing in sends the guest back to /quiz, which submits the pending answers.
  const phone = randomPhone();
  await signInWithPhone(page, phone);
  await expect(page).toHaveURL(/\/profile-details$/, { timeout: 15_000 });
  await expect(page.getByText('Vibe check complete ✓')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('pendingQuizData'))).toBeNull();
  expect(await (await page.request.get('/api/quiz')).json()).toEqual({ completed: true });

  // Profile details: prefilled phone, then the rules, then save.
  await expect(page.getByLabel('Phone number')).toHaveValue(`+91${phone}`);
  await expect(page.getByLabel('Sex')).toHaveValue('prefer_not_to_say');
  await expect(page.getByLabel('Relationship status').locator('option:checked')).toHaveText("It's complicated");
  await expect(page.getByLabel('Work profile')).toHaveValue('job');
  await expect(page.getByLabel('Date of birth')).toHaveAttribute('min', '1900-01-01');
  await expect(page.getByLabel('Date of birth')).toHaveAttribute('max', istDateYearsAgo(0));
  await expectAccessible(page);

  const email = `e2e.${phone}@example.com`;
  const save = page.getByRole('button', { name: 'Save and continue' });
  await page.getByLabel('Full name').fill('asdf qwrtz');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Date of birth').fill(istDateYearsAgo(18, 1));
  await save.click();
  await expect(page.getByText('Please enter a valid full name (first and last name, no gibberish)')).toBeVisible();
  await expect(page.getByText('You must be at least 18 years old to register.')).toBeVisible();
  await expect(page).toHaveURL(/\/profile-details$/);

  await page.getByLabel('Full name').fill('Asha Rao');
  await expect(page.getByText('Please enter a valid full name (first and last name, no gibberish)')).toHaveCount(0);
  await save.click();
  await expect(page.getByText('You must be at least 18 years old to register.')).toBeVisible();
  await page.getByLabel('Date of birth').fill(istDateYearsAgo(18));
  await page.getByLabel('Relationship status').selectOption('single');
  await save.click();
  await expect(page).toHaveURL(/\/events$/);

  await expect
    .poll(
      async () =>
        (await outbox()).filter(
          (m) => m.channel === 'email' && m.to === email && m.subject === 'Welcome to Tablemates!',
        ).length,
    )
    .toBe(1);

  // A second visit to the quiz is redirected (and a complete profile forwards on to /events).
  await page.goto('/quiz');
  await expect(page.getByText('Already completed!')).toBeVisible();
  await expect(page).toHaveURL(/\/events$/);

  // The profile page: personal information and the empty bookings state.
  await page.goto('/profile');
  const info = page.getByTestId('personal-info');
  await expect(info).toContainText('Asha Rao');
  await expect(info).toContainText(email);
  await expect(info).toContainText('Single');
  await expect(info).toContainText('18');
  await expect(page.getByRole('link', { name: 'Browse Events' })).toHaveAttribute('href', '/events');
  await expectAccessible(page);

  // profile-details now forwards to /events.
  await page.goto('/profile-details');
  await expect(page.getByText('Profile already complete!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/events$/);
});

test('a signed-in guest takes the quiz directly; without a profile, /profile sends them to /profile-details', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInByApi(page);
  // No quiz response yet: /auth, signed in, applies the redirect rule and lands on /quiz, which offers Sign Out.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/quiz$/);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  const next = page.getByRole('button', { name: 'Next' });
  for (let step = 1; step <= 6; step++) await next.click();
  await page.getByRole('checkbox', { name: 'Pop', exact: true }).check();
  await next.click();
  for (const g of ['Sci-Fi', 'Drama', 'Animation']) await page.getByRole('checkbox', { name: g, exact: true }).check();
  for (let step = 8; step <= 10; step++) await next.click();
  await page.getByRole('button', { name: "Let's Go" }).click();
  await expect(page.getByText('Vibe check complete ✓')).toBeVisible();
  await expect(page.getByText('One more step to complete your profile!')).toBeVisible();
  await expect(page).toHaveURL(/\/profile-details$/);

  await page.goto('/profile');
  await expect(page).toHaveURL(/\/profile-details$/);
  await expect(page.getByLabel('Full name')).toBeVisible();
});
