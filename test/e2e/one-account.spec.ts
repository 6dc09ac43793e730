/**
 * Issue 24, "One person, one account": a guest signs up in the home page's 'Book Your Spot'
 * dialog (the phone verified there by the code from the sandbox outbox), books a dinner, signs
 * out, and signs in later by a code to the same phone: the same account, and /profile shows the
 * booking (docs/decisions/028-one-account-per-phone.md).
 */
import { expect, expectAccessible, spaRendered, test } from './fixtures.ts';
import { localD1 } from './helpers/local-d1.ts';
import { agreeToNotice, codeFromOutbox, ORIGIN, randomPhone, signInByApi, signInWithPhone } from './helpers/sign-in.ts';

test('the dialog sign-up verifies the phone, so a later code sign-in with it finds the booking', async ({ page }) => {
  // A sign-up, a payment and a second sign-in, each with an SMS code, on a 2-core machine.
  test.setTimeout(120_000);
  const phone = randomPhone();
  const email = `one.${phone}@example.com`;

  await page.goto('/');
  await spaRendered(page);
  await page.getByRole('button', { name: 'View Details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Your Spot' });
  await dialog.getByLabel('Full name').fill('Meera Kapoor');
  await dialog.getByLabel('Phone number').fill(phone);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('secret1');
  const sentAfter = Date.now() - 1000;
  await dialog.getByRole('button', { name: 'Sign Up' }).click();

  // The code step, in the dialog: focus on the code, the number it went to, then the account.
  const codeField = dialog.getByLabel('Verification code');
  await expect(codeField).toBeFocused();
  await expect(dialog.getByText(`+91${phone}`, { exact: true })).toBeVisible();
  await expectAccessible(page);
  await codeField.fill(await codeFromOutbox(`+91${phone}`, sentAfter));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Account created!' })).toBeVisible();
  // Issue 22: a new account reads the consent notice first, then goes on to its profile.
  await agreeToNotice(page);
  await expect(page).toHaveURL(/\/profile-details$/);

  const session = (await (await page.request.get('/api/auth/session')).json()) as {
    user: { id: string; phone: string | null; email: string };
  };
  expect(session.user).toMatchObject({ phone: `+91${phone}`, email });

  // The profile, through the API its form uses (the form has its own specs).
  const origin = new URL(page.url()).origin;
  const saved = await page.request.put('/api/profile', {
    headers: { Origin: origin },
    data: {
      full_name: 'Meera Kapoor',
      email,
      phone_number: phone,
      date_of_birth: '1994-05-10',
      sex: 'female',
      relationship_status: 'single',
      work_profile: 'job',
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  // A booking: the phone is already verified, so 'Book Now' goes straight to the checkout.
  await page.goto('/event/gurugram');
  const box = page.getByRole('complementary', { name: 'Book this dinner' });
  await box.getByRole('radio', { name: /^Female 1 seat/ }).check();
  await box.getByRole('button', { name: 'Book Now' }).click();
  await expect(box.getByRole('heading', { name: 'Verify your phone' })).toHaveCount(0);
  const checkout = page.getByRole('dialog', { name: 'Razorpay sandbox checkout' });
  await expect(checkout).toBeVisible();
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible({ timeout: 15_000 });
  let eventName = '';
  await expect
    .poll(async () => {
      const { bookings } = (await (await page.request.get('/api/bookings')).json()) as {
        bookings: Array<{ event_name: string }>;
      };
      eventName = bookings[0]?.event_name ?? '';
      return bookings.length;
    })
    .toBe(1);

  // Sign out, then sign in by a code to the same phone: the same account, with its booking.
  const out = await page.request.post('/api/auth/signout', { headers: { Origin: origin } });
  expect(out.status()).toBe(200);
  // One code per phone each 30 s (the sign-up's counts): let that window pass rather than wait it
  // out on the clock (a guest back 30 s later).
  await localD1(`DELETE FROM rate_events WHERE key = 'otp-send:phone:+91${phone}'`);
  await page.goto('/auth');
  await spaRendered(page);
  await signInWithPhone(page, phone);
  const again = (await (await page.request.get('/api/auth/session')).json()) as { user: { id: string } };
  expect(again.user.id).toBe(session.user.id);

  await page.goto('/profile');
  await expect(page.getByText(eventName).first()).toBeVisible();
  await expect(page.getByText('Meera Kapoor').first()).toBeVisible();
});

test('an email that already has an account says how to sign in, and goes to that sign-in', async ({ page }) => {
  test.setTimeout(90_000);
  const first = randomPhone();
  const email = `taken.${first}@example.com`;

  const signUpInDialog = async (phone: string) => {
    await page.goto('/');
    await spaRendered(page);
    await page.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Your Spot' });
    await dialog.getByLabel('Full name').fill('Meera Kapoor');
    await dialog.getByLabel('Phone number').fill(phone);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill('secret1');
    const sentAfter = Date.now() - 1000;
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await dialog.getByLabel('Verification code').fill(await codeFromOutbox(`+91${phone}`, sentAfter));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    return dialog;
  };

  await signUpInDialog(first);
  await agreeToNotice(page);
  await expect(page).toHaveURL(/\/profile-details$/);
  await page.request.post('/api/auth/signout', { headers: { Origin: new URL(page.url()).origin } });

  const dialog = await signUpInDialog(randomPhone());
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toContainText(
    'This email already has an account. Sign in with your email and password, or with a code to your phone.',
  );
  await expect(refusal).toBeFocused();
  await expectAccessible(page);
  await refusal.getByRole('button', { name: 'Sign in with email and password' }).click();
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  await dialog.getByLabel('Password').fill('secret1');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog.getByRole('button', { name: 'Proceed to Book' })).toBeVisible();
});

test('a phone that already has an account says so, and its code signs in to that account in one tap', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const phone = randomPhone();
  // The phone's account, made by a code sign-in; then signed out, its resend wait let pass.
  await signInByApi(page, phone);
  const { user } = (await (await page.request.get('/api/auth/session')).json()) as { user: { id: string } };
  await page.request.post('/api/auth/signout', { headers: { Origin: ORIGIN } });
  await localD1(`DELETE FROM rate_events WHERE key = 'otp-send:phone:+91${phone}'`);

  await page.goto('/');
  await spaRendered(page);
  await page.getByRole('button', { name: 'View Details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Your Spot' });
  await dialog.getByLabel('Full name').fill('Meera Kapoor');
  await dialog.getByLabel('Phone number').fill(phone);
  await dialog.getByLabel('Email').fill(`second.${phone}@example.com`);
  await dialog.getByLabel('Password').fill('secret1');
  const sentAfter = Date.now() - 1000;
  await dialog.getByRole('button', { name: 'Sign Up' }).click();
  await dialog.getByLabel('Verification code').fill(await codeFromOutbox(`+91${phone}`, sentAfter));
  await dialog.getByRole('button', { name: 'Verify' }).click();

  const refusal = dialog.getByRole('alert');
  await expect(refusal).toContainText(
    'This phone number already has an account. Sign in with a code to your phone instead.',
  );
  await expect(refusal).toBeFocused();
  await refusal.getByRole('button', { name: 'Sign in with this code' }).click();
  await expect(dialog.getByRole('button', { name: 'Proceed to Book' })).toBeVisible();
  const again = (await (await page.request.get('/api/auth/session')).json()) as { user: { id: string } };
  expect(again.user.id).toBe(user.id);
});
