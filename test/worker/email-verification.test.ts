/** Booking mail goes only to a confirmed email (docs/decisions/026): the link, resends, and who gets what. */
import { env, SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { eventBookings, userProfiles } from '../../db/schema';
import { EMAIL_CONFIRM_COPY } from '../../worker/domain/email-confirmation';
import { signAccessToken } from '../../worker/lib/access-token';
import { signEmailToken } from '../../worker/lib/email-token';
import {
  createEvent,
  createGuest,
  message,
  outboxFor,
  placeOrder,
  runQueue,
  sandboxPay,
} from './helpers/booking-fixtures';
import { apiRequest } from './helpers/session-cookie';

type ErrorBody = { error: { code: string; message: string } };

const d = () => db(env.DB);
let seq = 0;
const uniqueEmail = (tag: string) => `${tag}.${Date.now()}.${++seq}@example.com`;

const profileOf = (userId: string) => d().select().from(userProfiles).where(eq(userProfiles.userId, userId)).get();

/** A signed-in guest with a complete profile whose email nobody has confirmed yet. */
async function unconfirmedGuest() {
  const guest = await createGuest();
  const email = uniqueEmail('unconfirmed');
  await d().update(userProfiles).set({ email, emailVerifiedAt: null }).where(eq(userProfiles.userId, guest.userId));
  return { ...guest, email };
}

const verify = (token: string, cookie?: string) =>
  SELF.fetch(apiRequest('POST', '/api/profile/email/verify', { cookie, body: { token } }));
const resend = (cookie?: string) => SELF.fetch(apiRequest('POST', '/api/profile/email/resend', { cookie }));
const getProfile = async (cookie: string) =>
  (
    (await (await SELF.fetch(apiRequest('GET', '/api/profile', { cookie }))).json()) as {
      profile: { email: string; email_verified: boolean };
    }
  ).profile;

/** The token of the newest "Confirm your email" link mailed to `email`. */
async function linkTokenFor(email: string): Promise<string> {
  const mails = (await outboxFor(email)).filter((m) => /verify-email\?token=/.test(m.body));
  const match = mails.at(-1)?.body.match(/verify-email\?token=([^\s"<&]+)/);
  if (!match) throw new Error(`no confirmation link mailed to ${email}`);
  return decodeURIComponent(match[1]);
}

describe('POST /api/profile/email/verify', () => {
  it('a valid link confirms the email, and /api/profile and the session say so', async () => {
    const guest = await unconfirmedGuest();
    expect((await getProfile(guest.cookie)).email_verified).toBe(false);
    const res = await verify(await signEmailToken(env.SESSION_SECRET, guest.userId, guest.email), guest.cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email_verified: true });
    expect((await getProfile(guest.cookie)).email_verified).toBe(true);
    const session = (await (
      await SELF.fetch(apiRequest('GET', '/api/auth/session', { cookie: guest.cookie }))
    ).json()) as {
      profile: { email_verified: boolean };
    };
    expect(session.profile.email_verified).toBe(true);
  });

  it('confirming twice is harmless and keeps the first time', async () => {
    const guest = await unconfirmedGuest();
    const token = await signEmailToken(env.SESSION_SECRET, guest.userId, guest.email);
    expect((await verify(token)).status).toBe(200);
    const first = (await profileOf(guest.userId))!.emailVerifiedAt;
    expect(first).not.toBeNull();
    expect((await verify(token)).status).toBe(200);
    expect((await profileOf(guest.userId))!.emailVerifiedAt).toBe(first);
  });

  it('a link works signed out: the token itself names the guest and the address', async () => {
    const guest = await unconfirmedGuest();
    const res = await verify(await signEmailToken(env.SESSION_SECRET, guest.userId, guest.email));
    expect(res.status).toBe(200);
    expect((await profileOf(guest.userId))!.emailVerifiedAt).not.toBeNull();
  });

  it('an expired link is refused with the invalid-link message and confirms nothing', async () => {
    const guest = await unconfirmedGuest();
    // Built by hand to end in the past; the same token ending tomorrow is accepted (below), so the
    // refusal is the expiry's and not a slip in how the token was made.
    const token = (expiresAt: number) =>
      new SignJWT({ purpose: 'verify-email', email: guest.email })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(guest.userId)
        .setIssuer('tablemates')
        .setAudience('tablemates-email')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 8 * 86_400)
        .setExpirationTime(expiresAt)
        .sign(new TextEncoder().encode(env.SESSION_SECRET));
    const expired = await token(Math.floor(Date.now() / 1000) - 86_400);
    const res = await verify(expired, guest.cookie);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error).toMatchObject({
      code: 'invalid_token',
      message: EMAIL_CONFIRM_COPY.invalidLink,
    });
    expect((await profileOf(guest.userId))!.emailVerifiedAt).toBeNull();
    const live = await verify(await token(Math.floor(Date.now() / 1000) + 86_400), guest.cookie);
    expect(live.status).toBe(200);
  });

  it('a tampered link, a token of another kind or another key, and an empty one are refused', async () => {
    const guest = await unconfirmedGuest();
    const token = await signEmailToken(env.SESSION_SECRET, guest.userId, guest.email);
    const [header, payload, signature] = token.split('.');
    // The payload claims another guest's email: the signature no longer matches.
    const forged = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    forged.email = 'someone.else@example.com';
    const forgedPayload = btoa(JSON.stringify(forged)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    for (const bad of [
      `${header}.${forgedPayload}.${signature}`,
      `${header}.${payload}.${flipped}`,
      await signAccessToken(env.SESSION_SECRET, guest.userId, crypto.randomUUID()),
      await signEmailToken('another secret entirely, at least 32 characters', guest.userId, guest.email),
    ]) {
      const res = await verify(bad, guest.cookie);
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.code).toBe('invalid_token');
    }
    const empty = await verify('', guest.cookie);
    expect(empty.status).toBe(400);
    expect((await profileOf(guest.userId))!.emailVerifiedAt).toBeNull();
  });

  it('a link for an email the profile no longer holds is refused, and the new email stays unconfirmed', async () => {
    const guest = await unconfirmedGuest();
    const old = await signEmailToken(env.SESSION_SECRET, guest.userId, guest.email);
    await d()
      .update(userProfiles)
      .set({ email: uniqueEmail('changed') })
      .where(eq(userProfiles.userId, guest.userId));
    const res = await verify(old, guest.cookie);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error).toMatchObject({
      code: 'stale_token',
      message: EMAIL_CONFIRM_COPY.staleLink,
    });
    expect((await profileOf(guest.userId))!.emailVerifiedAt).toBeNull();
  });

  it("a link for one guest's email confirms nothing on another guest's profile", async () => {
    const owner = await unconfirmedGuest();
    const other = await unconfirmedGuest();
    const res = await verify(await signEmailToken(env.SESSION_SECRET, other.userId, owner.email));
    expect(res.status).toBe(400);
    expect((await profileOf(owner.userId))!.emailVerifiedAt).toBeNull();
    expect((await profileOf(other.userId))!.emailVerifiedAt).toBeNull();
  });
});

describe('POST /api/profile/email/resend', () => {
  it('needs a session', async () => {
    expect((await resend()).status).toBe(401);
  });

  it('mails a fresh link each time, three an hour, then 429 with Retry-After', async () => {
    const guest = await unconfirmedGuest();
    for (let i = 0; i < 3; i++) expect((await resend(guest.cookie)).status).toBe(200);
    const mails = (await outboxFor(guest.email)).filter((m) => m.subject === 'Confirm your email');
    expect(mails).toHaveLength(3);
    const limited = await resend(guest.cookie);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await outboxFor(guest.email)).filter((m) => m.subject === 'Confirm your email')).toHaveLength(3);
    // The mailed link confirms the email.
    expect((await verify(await linkTokenFor(guest.email))).status).toBe(200);
    expect((await getProfile(guest.cookie)).email_verified).toBe(true);
  });

  it('answers 409 once the email is confirmed, and sends nothing', async () => {
    const guest = await createGuest();
    const res = await resend(guest.cookie);
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.code).toBe('email_confirmed');
    expect(await outboxFor(guest.email)).toEqual([]);
  });
});

describe('saving the profile', () => {
  const profileBody = (email: string) => ({
    full_name: 'Asha Verma',
    email,
    phone_number: '+919876543210',
    date_of_birth: '1995-06-15',
    sex: 'female',
    relationship_status: 'single',
    work_profile: 'startup',
  });
  const save = (cookie: string, email: string) =>
    SELF.fetch(apiRequest('PUT', '/api/profile', { cookie, body: profileBody(email) }));

  it('keeps a confirmed email confirmed when it is saved unchanged', async () => {
    const guest = await createGuest();
    const res = await save(guest.cookie, guest.email);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { profile: { email_verified: boolean } }).profile.email_verified).toBe(true);
    expect((await outboxFor(guest.email)).filter((m) => m.subject === 'Confirm your email')).toEqual([]);
  });

  it('a new email clears the confirmation and is sent one "Confirm your email", whose link confirms it', async () => {
    const guest = await createGuest();
    const fresh = uniqueEmail('fresh');
    const res = await save(guest.cookie, fresh);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { profile: { email_verified: boolean } }).profile.email_verified).toBe(false);
    expect((await profileOf(guest.userId))!.emailVerifiedAt).toBeNull();
    // Saved again unchanged: still one message for this address.
    expect((await save(guest.cookie, fresh)).status).toBe(200);
    const mails = (await outboxFor(fresh)).filter((m) => m.subject === 'Confirm your email');
    expect(mails).toHaveLength(1);
    expect((await verify(await linkTokenFor(fresh))).status).toBe(200);
    expect((await getProfile(guest.cookie)).email_verified).toBe(true);
  });

  it("the first save's welcome email carries the confirm button while the email is unconfirmed", async () => {
    const guest = await createGuest({ profile: false });
    const email = uniqueEmail('welcome');
    expect((await save(guest.cookie, email)).status).toBe(200);
    const [welcome] = (await outboxFor(email)).filter((m) => m.subject === 'Welcome to Tablemates!');
    expect(welcome.body).toContain('Confirm your email: http://localhost:8787/verify-email?token=');
    expect((await outboxFor(email)).filter((m) => m.subject === 'Confirm your email')).toEqual([]);
    expect((await verify(await linkTokenFor(email))).status).toBe(200);
  });
});

describe('booking messages go only to a confirmed email', () => {
  it('an unconfirmed email gets no confirmation while WhatsApp still reaches the verified phone; once confirmed, it does', async () => {
    const guest = await unconfirmedGuest();
    const book = async () => {
      const event = await createEvent();
      const order = await placeOrder(guest.cookie, event.id);
      const paid = await sandboxPay(order.orderId);
      await runQueue('bookings', [message(order.orderId, paid.razorpay_payment_id)]);
      const [booking] = await d()
        .select()
        .from(eventBookings)
        .where(eq(eventBookings.paymentId, paid.razorpay_payment_id));
      expect(booking.status).toBe('confirmed');
    };
    const whatsapps = async () =>
      (await outboxFor(guest.phone)).filter((m) => m.body.startsWith('[template booking_confirmed]'));
    const confirmations = async () =>
      (await outboxFor(guest.email)).filter((m) => m.subject?.startsWith("You're All Set!"));

    await book();
    expect(await outboxFor(guest.email)).toEqual([]);
    expect(await whatsapps()).toHaveLength(1);

    expect((await verify(await signEmailToken(env.SESSION_SECRET, guest.userId, guest.email))).status).toBe(200);
    await book();
    expect(await confirmations()).toHaveLength(1);
    expect(await whatsapps()).toHaveLength(2);
  });
});
