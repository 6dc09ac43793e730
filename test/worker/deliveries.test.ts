import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { db } from '../../db/client';
import { deliveries, eventBookings, userProfiles } from '../../db/schema';
import { escapeHtml } from '../../worker/domain/email-layout';
import { formatIstDate } from '../../worker/domain/time';
import { deliverOnce } from '../../worker/services/deliveries';
import { sendReminders } from '../../worker/services/reminders';
import {
  bookedGuest,
  createEvent,
  createGuest,
  message,
  outboxFor,
  placeOrder,
  runQueue,
  sandboxPay,
} from './helpers/booking-fixtures';
import { createSignedInUser } from './helpers/session-cookie';

const d = () => db(env.DB);
const rowOf = async (key: string) => (await d().select().from(deliveries).where(eq(deliveries.key, key)))[0];

describe('deliverOnce', () => {
  it('sends once, and a transient failure is sent by the next try', async () => {
    const { userId } = await createSignedInUser();
    const key = `test:${crypto.randomUUID()}`;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const send = vi
      .fn()
      .mockResolvedValueOnce({ ok: false, error: 'email provider answered 503', status: 503 })
      .mockResolvedValue({ ok: true });
    const delivery = { key, channel: 'email' as const, userId };
    expect(await deliverOnce(d(), delivery, send)).toBe(true);
    expect(await rowOf(key)).toMatchObject({ state: 'failed', lastStatus: 503, attempts: 1 });
    expect(await deliverOnce(d(), delivery, send)).toBe(false);
    expect(await deliverOnce(d(), delivery, send)).toBe(false);
    expect(send).toHaveBeenCalledTimes(2);
    // The provider's idempotency key follows the delivery's.
    expect(send).toHaveBeenLastCalledWith(`${key}/email`);
    expect(await rowOf(key)).toMatchObject({ state: 'sent', attempts: 2, lastError: null, sentAt: expect.any(String) });
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('records a permanent refusal once, with the one alert shape, and never tries it again', async () => {
    const { userId } = await createSignedInUser();
    const key = `test:${crypto.randomUUID()}`;
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const send = vi.fn().mockResolvedValue({ ok: false, error: 'invalid `to` address', status: 422 });
    expect(await deliverOnce(d(), { key, channel: 'email', userId }, send)).toBe(false);
    expect(await deliverOnce(d(), { key, channel: 'email', userId }, send)).toBe(false);
    expect(send).toHaveBeenCalledTimes(1);
    expect(await rowOf(key)).toMatchObject({ state: 'undeliverable', lastStatus: 422 });
    expect(error).toHaveBeenCalledTimes(1);
    expect(JSON.parse(error.mock.calls[0][0] as string)).toEqual({
      level: 'error',
      alert: 'message_undeliverable',
      key,
      channel: 'email',
      user: userId,
      status: 422,
      error: 'invalid `to` address',
    });
    error.mockRestore();
  });

  it('a claim being sent elsewhere is still owed, and is not sent twice', async () => {
    const key = `test:${crypto.randomUUID()}`;
    let finish: (v: { ok: true }) => void = () => {};
    const slow = deliverOnce(d(), { key, channel: 'whatsapp' }, () => new Promise((r) => (finish = r)));
    await vi.waitFor(async () => expect(await rowOf(key)).toMatchObject({ state: 'sending' }));
    const other = vi.fn();
    expect(await deliverOnce(d(), { key, channel: 'whatsapp' }, other)).toBe(true);
    expect(other).not.toHaveBeenCalled();
    finish({ ok: true });
    expect(await slow).toBe(false);
  });
});

describe('reminders, channel by channel', () => {
  it('a WhatsApp that failed after the email went out is sent by the next cron run, and the email is not sent twice', async () => {
    const event = await createEvent({ inHours: 30 });
    const guest = await bookedGuest(event.id);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const reminderEmails = async () =>
      (await outboxFor(guest.email)).filter((m) => m.subject?.startsWith(`${event.title} is `));
    const reminderWhatsApps = async () =>
      (await outboxFor(guest.phone)).filter((m) => m.body.startsWith('[template event_reminder_'));

    // WhatsApp is down for the first run (nothing listens there).
    await sendReminders({ ...env, WHATSAPP_BASE_URL: 'http://127.0.0.1:9' }, d(), new Date());
    expect(await reminderEmails()).toHaveLength(1);
    expect(await reminderWhatsApps()).toHaveLength(0);

    await sendReminders(env, d(), new Date());
    expect(await reminderEmails()).toHaveLength(1);
    expect(await reminderWhatsApps()).toHaveLength(1);
    const claims = await d().select().from(deliveries).where(eq(deliveries.bookingId, guest.booking.id));
    expect(
      claims
        .filter((r) => r.key.startsWith('reminder:'))
        .map((r) => [r.channel, r.state, r.attempts])
        .sort(),
    ).toEqual([
      ['email', 'sent', 1],
      ['whatsapp', 'sent', 2],
    ]);
    warn.mockRestore();
  });
});

describe('booking messages go to verified contacts only', () => {
  it('a guest whose profile phone was edited to another number gets the confirmation WhatsApp at the sign-in phone only', async () => {
    const guest = await createGuest();
    const edited = `+918${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    await d().update(userProfiles).set({ phoneNumber: edited }).where(eq(userProfiles.userId, guest.userId));
    const event = await createEvent();
    const order = await placeOrder(guest.cookie, event.id);
    const paid = await sandboxPay(order.orderId);
    await runQueue('bookings', [message(order.orderId, paid.razorpay_payment_id)]);
    const [booking] = await d()
      .select()
      .from(eventBookings)
      .where(eq(eventBookings.paymentId, paid.razorpay_payment_id));
    expect(booking.status).toBe('confirmed');

    expect(await outboxFor(edited)).toEqual([]);
    const whatsapps = (await outboxFor(guest.phone)).filter((m) => m.body.startsWith('[template booking_confirmed]'));
    expect(whatsapps).toHaveLength(1);
    expect((await outboxFor(guest.email)).filter((m) => m.subject?.includes(event.title))).toHaveLength(1);
  });
});

describe('emails look like the brand', () => {
  it("a confirmation email's HTML has the logo, the dinner's card, the button to My Booking and the footer, all text escaped", async () => {
    const event = await createEvent({ title: 'Supper <b>& "Friends"</b>' });
    const guest = await bookedGuest(event.id);
    const all = (await (await fetch(`${env.SANDBOX_URL}/outbox`)).json()) as Array<{
      to: string;
      subject?: string;
      body: string;
      html?: string;
    }>;
    const mail = all.find((m) => m.to === guest.email && m.subject?.startsWith("You're All Set!"));
    const html = mail?.html ?? '';
    expect(html).toMatch(/<td data-logo[^>]*>Tablemates<\/td>/);
    expect(html).toContain('data-dinner-card');
    expect(html).toContain('Supper &#60;b&#62;&#38; &#34;Friends&#34;&#60;/b&#62;');
    expect(html).not.toContain('<b>&');
    expect(html).toContain(escapeHtml(formatIstDate(event.startsAt)));
    expect(html).toContain(escapeHtml(event.location));
    expect(html).toMatch(
      new RegExp(
        `<a href="${`${env.APP_ORIGIN}/booking/${guest.booking.id}`.replace(/[/.]/g, '\\$&')}"[^>]*>My Booking`,
      ),
    );
    expect(html).toContain('data-footer');
    expect(html).toContain('mailto:hello@tablemates.in');
    // The plain-text part is as before, the title unescaped.
    expect(mail?.body).toContain('Your seat is confirmed for Supper <b>& "Friends"</b>.');
  });
});
