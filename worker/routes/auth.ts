import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { jwtVerify, SignJWT } from 'jose';
import { db } from '../../db/client';
import { quizResponses, userProfiles, users } from '../../db/schema';
import type { AppEnv, SessionUser } from '../app-env';
import { OtpSendSchema, OtpVerifySchema, SignInSchema, SignUpSchema } from '../domain/auth';
import { nextPath } from '../domain/next-path';
import { randomToken } from '../lib/crypto';
import { ApiError } from '../lib/errors';
import { jsonBody } from '../lib/validate';
import { checkCode, issueCode, retireCode } from '../lib/otp';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../lib/password';
import { consume, pruneOld } from '../lib/rate-limit';
import { clearSessionCookies, revokeSession, startSession } from '../lib/session';
import { requireUser } from '../middleware/session';
import { authorizeUrl, discover, exchangeCode, pkceChallenge } from '../providers/google';
import { sendOtpSms } from '../providers/sms';
import { turnstileEnabled, verifyTurnstile } from '../providers/turnstile';

type Ctx = Context<AppEnv>;

export const SEND_FAILED = 'Failed to send code. Please try again.';
/** One message for every password sign-in failure, so it never tells whether the email exists. */
export const BAD_CREDENTIALS = 'Invalid email or password.';
export const SIGNUP_CONFLICT = 'Unable to create an account with these details. If you already have one, sign in instead.';

/**
 * Rate limits (durable, in D1). Per phone: the issue's 1 per 30 s and 5 per hour. Per address
 * the limits are looser on purpose: Indian mobile carriers put many guests behind one CGNAT
 * address, and guessing is already bounded per code (5 tries) and per email.
 */
export const LIMITS = {
  sendPerPhone: [
    { windowS: 30, max: 1 },
    { windowS: 3600, max: 5 },
  ],
  sendPerIp: [{ windowS: 3600, max: 100 }],
  verifyPerIp: [{ windowS: 600, max: 100 }],
  signinPerEmail: [{ windowS: 900, max: 10 }],
  passwordPerIp: [{ windowS: 900, max: 100 }],
};

const clientIp = (c: Ctx) => c.req.header('CF-Connecting-IP') ?? 'unknown';

/**
 * What the web app knows of a signed-in guest: user, profile, quizCompleted and `next`, the
 * redirect rule's server half (SPEC §2). Answered by GET /session and after every sign-in.
 */
async function sessionView(c: Ctx, user: SessionUser) {
  const d = db(c.env.DB);
  const [profile, quiz] = await d.batch([
    d.select({ fullName: userProfiles.fullName, email: userProfiles.email, phoneNumber: userProfiles.phoneNumber }).from(userProfiles).where(eq(userProfiles.userId, user.id)).limit(1),
    d.select({ id: quizResponses.id }).from(quizResponses).where(eq(quizResponses.userId, user.id)).limit(1),
  ]);
  const p = profile[0] ?? null;
  const quizCompleted = quiz.length > 0;
  return {
    user: { id: user.id, email: user.email, phone: user.phone, fullName: user.fullName },
    profile: p,
    quizCompleted,
    next: nextPath({ hasPendingQuiz: false, quizCompleted, fullName: p?.fullName }),
  };
}

/** Signs `userId` in, first ending any session this browser already had (no orphaned sessions). */
async function beginSession(c: Ctx, userId: string): Promise<SessionUser> {
  const current = c.get('user');
  if (current) await revokeSession(c, current.sessionId);
  return startSession(c, userId);
}

/** Finds or creates the user owning `phone` (insert-or-ignore, so racing verifies agree), and records the phone on the profile. */
async function userForPhone(c: Ctx, phone: string): Promise<string> {
  const d = db(c.env.DB);
  await d.insert(users).values({ id: crypto.randomUUID(), phone }).onConflictDoNothing({ target: users.phone });
  const user = await d.select({ id: users.id, disabledAt: users.disabledAt }).from(users).where(eq(users.phone, phone)).get();
  if (!user) throw new Error('user for phone vanished');
  if (user.disabledAt) throw new ApiError(403, 'account_disabled', 'This account has been disabled.');
  await d
    .insert(userProfiles)
    .values({ id: crypto.randomUUID(), userId: user.id, phoneNumber: phone })
    .onConflictDoUpdate({ target: userProfiles.userId, set: { phoneNumber: phone, updatedAt: new Date().toISOString() } });
  return user.id;
}

/** Finds the user for a Google identity: by subject, else links a user with the same verified email, else creates one. */
async function userForGoogle(c: Ctx, g: { sub: string; email: string | null; emailVerified: boolean }): Promise<string> {
  const d = db(c.env.DB);
  let user = await d.select({ id: users.id, disabledAt: users.disabledAt }).from(users).where(eq(users.googleSub, g.sub)).get();
  if (!user && g.email && g.emailVerified) {
    const linked = await d
      .update(users)
      .set({ googleSub: g.sub })
      .where(and(eq(users.email, g.email), isNull(users.googleSub)))
      .returning({ id: users.id, disabledAt: users.disabledAt });
    user = linked[0];
  }
  if (!user) {
    const emailFree = g.email && g.emailVerified ? !(await d.select({ id: users.id }).from(users).where(eq(users.email, g.email)).get()) : false;
    await d.insert(users).values({ id: crypto.randomUUID(), googleSub: g.sub, email: emailFree ? g.email : null }).onConflictDoNothing({ target: users.googleSub });
    user = await d.select({ id: users.id, disabledAt: users.disabledAt }).from(users).where(eq(users.googleSub, g.sub)).get();
  }
  if (!user || user.disabledAt) throw new Error('google user unavailable');
  // SPEC §4: insert a profile with user_id and email when absent; fill the email when missing.
  const profile = await d.select({ id: userProfiles.id, email: userProfiles.email }).from(userProfiles).where(eq(userProfiles.userId, user.id)).get();
  const email = g.email && g.emailVerified ? g.email : null;
  const emailTaken = email ? Boolean(await d.select({ id: userProfiles.id }).from(userProfiles).where(eq(userProfiles.email, email)).get()) : true;
  if (!profile) await d.insert(userProfiles).values({ id: crypto.randomUUID(), userId: user.id, email: emailTaken ? null : email }).onConflictDoNothing();
  else if (!profile.email && !emailTaken) await d.update(userProfiles).set({ email, updatedAt: new Date().toISOString() }).where(eq(userProfiles.id, profile.id));
  return user.id;
}

/** The short-lived OIDC flow cookie: state, nonce and PKCE verifier, signed so it cannot be forged. */
const OIDC_COOKIE = 'tm_oidc';
const OIDC_PATH = '/api/auth/google';
const OIDC_AUDIENCE = 'tablemates-oidc';
const oidcKey = (secret: string) => new TextEncoder().encode(`oidc:${secret}`);
const redirectUri = (c: Ctx) => `${c.env.APP_ORIGIN.replace(/\/$/, '')}/api/auth/google/callback`;

/** Sign-in (phone codes, Google, email + password), session and sign-out. */
export const authRoutes = new Hono<AppEnv>()
  .get('/session', async (c) => {
    const user = c.get('user');
    if (!user) return c.json({ user: null });
    return c.json(await sessionView(c, user));
  })
  /** Public settings the sign-in page needs: the Turnstile site key when the bot check is on. */
  .get('/config', (c) => c.json({ turnstile_site_key: turnstileEnabled(c.env) ? c.env.TURNSTILE_SITE_KEY : null }))
  /** The signed-in user, or 401: the minimal protected route. */
  .get('/me', requireUser, (c) => {
    const u = c.get('user');
    return c.json({ user: { id: u.id, email: u.email, phone: u.phone } });
  })
  .post('/otp/send', jsonBody(OtpSendSchema), async (c) => {
    const body = c.req.valid('json');
    const phone = body.phone; // E.164: the schema canonicalised it
    const ip = clientIp(c);
    if (turnstileEnabled(c.env)) {
      const check = body.turnstile_token ? await verifyTurnstile(c.env, body.turnstile_token, ip) : null;
      if (!check?.ok) throw new ApiError(400, 'bot_check_failed', SEND_FAILED);
    }
    await consume(c.env.DB, `otp-send:ip:${ip}`, LIMITS.sendPerIp);
    await consume(c.env.DB, `otp-send:phone:${phone}`, LIMITS.sendPerPhone);
    const { id, code } = await issueCode(c.env.DB, c.env.SESSION_SECRET, phone);
    const sent = await sendOtpSms(c.env, phone, code);
    if (!sent.ok) {
      await retireCode(c.env.DB, id);
      console.error(JSON.stringify({ level: 'error', msg: 'otp sms failed', provider: c.env.SMS_PROVIDER, error: sent.error }));
      throw new ApiError(502, 'send_failed', SEND_FAILED);
    }
    c.executionCtx.waitUntil(pruneOld(c.env.DB).catch(() => undefined));
    return c.json({ sent: true, phone });
  })
  .post('/otp/verify', jsonBody(OtpVerifySchema), async (c) => {
    const body = c.req.valid('json');
    const phone = body.phone;
    await consume(c.env.DB, `otp-verify:ip:${clientIp(c)}`, LIMITS.verifyPerIp);
    await checkCode(c.env.DB, c.env.SESSION_SECRET, phone, body.code);
    const userId = await userForPhone(c, phone);
    return c.json(await sessionView(c, await beginSession(c, userId)));
  })
  .post('/signup', jsonBody(SignUpSchema), async (c) => {
    const body = c.req.valid('json');
    await consume(c.env.DB, `password:ip:${clientIp(c)}`, LIMITS.passwordPerIp);
    const d = db(c.env.DB);
    const passwordHash = await hashPassword(body.password);
    // users.phone stays empty: it is the *verified* phone identity, set only by a code check.
    const created = await d.insert(users).values({ id: crypto.randomUUID(), email: body.email, passwordHash, fullName: body.full_name }).onConflictDoNothing({ target: users.email }).returning({ id: users.id });
    const userId = created[0]?.id;
    if (!userId) throw new ApiError(409, 'signup_conflict', SIGNUP_CONFLICT);
    const profileEmailFree = !(await d.select({ id: userProfiles.id }).from(userProfiles).where(eq(userProfiles.email, body.email)).get());
    await d
      .insert(userProfiles)
      .values({ id: crypto.randomUUID(), userId, phoneNumber: body.phone, email: profileEmailFree ? body.email : null })
      .onConflictDoNothing();
    return c.json(await sessionView(c, await beginSession(c, userId)), 201);
  })
  .post('/signin', jsonBody(SignInSchema), async (c) => {
    const body = c.req.valid('json');
    await consume(c.env.DB, `password:ip:${clientIp(c)}`, LIMITS.passwordPerIp);
    await consume(c.env.DB, `signin:email:${body.email}`, LIMITS.signinPerEmail);
    const user = await db(c.env.DB).select({ id: users.id, passwordHash: users.passwordHash, disabledAt: users.disabledAt }).from(users).where(eq(users.email, body.email)).get();
    // Always run one PBKDF2 so unknown emails take as long as wrong passwords.
    const valid = await verifyPassword(body.password, user?.passwordHash ?? DUMMY_HASH);
    if (!user?.passwordHash || !valid || user.disabledAt) throw new ApiError(401, 'invalid_credentials', BAD_CREDENTIALS);
    return c.json(await sessionView(c, await beginSession(c, user.id)));
  })
  .get('/google', async (c) => {
    const d = await discover(c.env);
    if (!d.ok) {
      console.error(JSON.stringify({ level: 'error', msg: 'google discovery failed', error: d.error }));
      return c.redirect('/auth?error=google', 302);
    }
    const state = randomToken(24);
    const nonce = randomToken(24);
    const verifier = randomToken(48);
    const flow = await new SignJWT({ state, nonce, verifier })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(OIDC_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(oidcKey(c.env.SESSION_SECRET));
    const secure = new URL(c.req.url).protocol === 'https:';
    setCookie(c, OIDC_COOKIE, flow, { httpOnly: true, sameSite: 'Lax', path: OIDC_PATH, secure, maxAge: 600 });
    return c.redirect(authorizeUrl(d.value, c.env, { redirectUri: redirectUri(c), state, nonce, challenge: await pkceChallenge(verifier) }), 302);
  })
  .get('/google/callback', async (c) => {
    const secure = new URL(c.req.url).protocol === 'https:';
    const cookie = getCookie(c, OIDC_COOKIE);
    deleteCookie(c, OIDC_COOKIE, { path: OIDC_PATH, secure });
    try {
      if (!cookie) throw new Error('no oidc flow cookie');
      const { payload } = await jwtVerify<{ state: string; nonce: string; verifier: string }>(cookie, oidcKey(c.env.SESSION_SECRET), { algorithms: ['HS256'], audience: OIDC_AUDIENCE });
      const state = c.req.query('state');
      const code = c.req.query('code');
      if (c.req.query('error') || !code || !state || state !== payload.state) throw new Error(`callback refused: ${c.req.query('error') ?? 'state mismatch'}`);
      const d = await discover(c.env);
      if (!d.ok) throw new Error(d.error);
      const identity = await exchangeCode(d.value, c.env, { code, redirectUri: redirectUri(c), verifier: payload.verifier, nonce: payload.nonce });
      if (!identity.ok) throw new Error(identity.error);
      const userId = await userForGoogle(c, identity.value);
      await beginSession(c, userId);
      return c.redirect('/auth', 302);
    } catch (e) {
      console.warn(JSON.stringify({ level: 'warn', msg: 'google sign-in failed', error: String(e) }));
      return c.redirect('/auth?error=google', 302);
    }
  })
  /** Revokes the session server-side and clears the cookies; succeeds when already signed out. */
  .post('/signout', async (c) => {
    const user = c.get('user');
    if (user) await revokeSession(c, user.sessionId);
    clearSessionCookies(c);
    return c.json({ ok: true });
  });
