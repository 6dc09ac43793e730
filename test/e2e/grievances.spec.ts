/**
 * Grievances end to end (issue 22): a visitor who is not signed in files one on /contact and sees
 * its reference at once; the acknowledgement is in the sandbox outbox; an operator finds it in
 * the console with its due date (an overdue one marked 'Overdue' in words), answers it, and the
 * answer reaches the guest's email. /contact and /privacy-policy name the grievance officer, and
 * the new screens pass axe at a phone's and a desktop's width.
 */
import { expect, expectAccessible, outbox, spaRendered, test } from './fixtures.ts';
import { localD1 } from './helpers/local-d1.ts';
import { operatorPage } from './helpers/operator.ts';
import { ORIGIN } from './helpers/sign-in.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
/** The e2e stack's grievance officer (.dev.vars.example). */
const OFFICER = { name: 'Asha Verma', email: 'grievances@tablemates.local' };

const emailsTo = async (to: string) => (await outbox()).filter((m) => m.channel === 'email' && m.to === to);

test('a visitor files a grievance on /contact, the operator answers it, and the answer reaches their email', async ({
  page,
  browser,
}) => {
  // Two wrangler runs (the backdating, the role) and two browsers on a shared 2-core machine.
  test.setTimeout(120_000);
  const tag = Math.random().toString(36).slice(2, 8);
  const email = `grievance-${tag}@example.com`;
  const subject = `Charged twice ${tag}`;

  // The visitor, not signed in, at a phone's width: the officer is named, the form is checked.
  await page.setViewportSize(PHONE);
  await page.goto('/contact');
  await spaRendered(page);
  const section = page.getByRole('region', { name: 'Grievances' });
  await expect(section).toContainText('Added for launch');
  await expect(section.getByTestId('grievance-officer')).toContainText(OFFICER.name);
  await expect(section.getByRole('link', { name: OFFICER.email })).toHaveAttribute('href', `mailto:${OFFICER.email}`);
  await expectAccessible(page);

  const form = section.getByRole('form', { name: 'Raise a grievance' });
  await form.getByRole('button', { name: 'File grievance' }).click();
  await expect(page.locator('#grievance-name-error')).toHaveText('Please enter your name (2 to 100 characters)');
  await expect(page.locator('#grievance-description-error')).toHaveText(
    'Please describe your grievance (20 to 5000 characters)',
  );
  await expectAccessible(page);

  await form.getByLabel('Your name').fill('Meera Iyer');
  await form.getByLabel('Your email').fill(email);
  await form.getByLabel('Subject').fill(subject);
  await form
    .getByLabel('What happened')
    .fill('My card was debited twice for one seat at Saturday’s dinner in Gurugram.');
  await form.getByRole('button', { name: 'File grievance' }).click();

  const filed = section.getByTestId('grievance-filed');
  await expect(filed).toBeFocused();
  const reference = (await filed.getByTestId('grievance-reference').textContent()) ?? '';
  expect(reference).toMatch(/^GRV-\d{6}$/);
  const dueDate = /resolve your grievance by (.+)\.$/.exec((await filed.locator('p').last().textContent()) ?? '')?.[1];
  expect(dueDate).toBeTruthy();
  await expectAccessible(page);

  // The acknowledgement went at once, with the reference and the date.
  await expect.poll(async () => (await emailsTo(email)).length).toBe(1);
  const [ack] = await emailsTo(email);
  expect(ack.subject).toBe(`We have received your grievance ${reference}`);
  expect(ack.body).toContain(reference);
  expect(ack.body).toContain(dueDate as string);

  // Another grievance, filed long ago and now past its due date: the console marks it in words.
  const late = await page.request.post('/api/grievances', {
    headers: { Origin: ORIGIN },
    data: {
      name: 'Kabir Shah',
      email: `late-${tag}@example.com`,
      subject: `No reply ${tag}`,
      description: 'I wrote about my refund and heard nothing back for weeks.',
    },
  });
  expect(late.status(), await late.text()).toBe(201);
  const lateRef = ((await late.json()) as { reference: string }).reference;
  await localD1(`UPDATE grievances SET due_at = '2020-01-01T00:00:00.000Z' WHERE reference = '${lateRef}'`);

  // The operator, in a browser of their own.
  const context = await browser.newContext({ viewport: DESKTOP });
  const admin = await context.newPage();
  try {
    await operatorPage(admin);
    await admin.goto('/admin');
    await admin.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Grievances' }).click();
    await expect(admin).toHaveURL(/\/admin\/grievances$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Grievances' })).toBeVisible();

    const cards = admin.getByTestId('grievance');
    const overdue = cards.filter({ hasText: lateRef });
    await expect(overdue).toContainText('Overdue');
    // Open ones first, the soonest due at the top: the overdue one comes before the new one.
    const refs = await cards.locator('h3').allTextContents();
    expect(refs.findIndex((r) => r.includes(lateRef))).toBeLessThan(refs.findIndex((r) => r.includes(reference)));

    const card = cards.filter({ hasText: reference });
    await expect(card).toContainText(subject);
    await expect(card).toContainText(email);
    await expect(card.getByTestId('grievance-due')).toHaveText(dueDate as string);
    await expect(card).toContainText('Open');
    await expect(card).not.toContainText('Overdue');
    await expectAccessible(admin);
    await admin.setViewportSize(PHONE);
    const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'horizontal overflow on a phone').toBeLessThanOrEqual(0);
    await expectAccessible(admin);

    const reply = 'We have refunded the second debit. It reaches your card within 5-7 working days.';
    await card.getByLabel('Your reply to the guest').fill(reply);
    await card.getByRole('button', { name: 'Send reply and resolve' }).click();
    await expect(card).toContainText('Resolved');
    await expect(card).toContainText(reply);
    await expect(card.getByLabel('Your reply to the guest')).toHaveCount(0);

    await expect
      .poll(async () => (await emailsTo(email)).filter((m) => m.subject?.includes('Our reply')).length)
      .toBe(1);
    const answer = (await emailsTo(email)).find((m) => m.subject?.includes('Our reply'));
    expect(answer?.subject).toBe(`Our reply to your grievance ${reference}`);
    expect(answer?.body).toContain(reply);

    // Leave the shared stack tidy: the backdated one answered too.
    await overdue.getByLabel('Your reply to the guest').fill('Sorry for the wait: your refund went out today.');
    await overdue.getByRole('button', { name: 'Send reply and resolve' }).click();
    await expect(overdue).toContainText('Resolved');
    await expect(overdue).not.toContainText('Overdue');
  } finally {
    await context.close();
  }
});

test('the privacy policy and the terms name the grievance officer in their added sections', async ({ page }) => {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto('/privacy-policy');
    const added = page.getByRole('region', { name: 'Your rights under the DPDP Act 2023' });
    await expect(added).toContainText('Added for launch');
    await expect(added.getByTestId('grievance-officer')).toContainText(OFFICER.name);
    await expect(added.getByRole('link', { name: OFFICER.email })).toHaveAttribute('href', `mailto:${OFFICER.email}`);
    for (const text of ['Download my data', 'Delete my account', '8 years', '3 years', '48 hours', 'one month'])
      await expect(added).toContainText(text);
    await expectAccessible(page);

    await page.goto('/terms-and-conditions');
    const terms = page.getByRole('region', { name: 'Tax invoices, your data and grievances' });
    await expect(terms).toContainText('Added for launch');
    await expect(terms.getByTestId('grievance-officer')).toContainText(OFFICER.name);
    await expectAccessible(page);
  }
});
