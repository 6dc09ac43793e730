import type { Context } from 'hono';
import { Hono } from 'hono';
import { ADDRESS_LIMITS } from '@domain/ledger-rules';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { OtpSendSchema, OtpVerifySchema, SignInSchema, SignUpSchema } from '@domain/auth';
import { jsonBody } from '../lib/validate';
import { needsSecureCookies, loadSession, requireUser, signIn, signOut } from '../middleware/session';
import { checkPassword, sessionView } from '../services/accounts';
import { beginGoogleSignIn, finishGoogleSignIn, GOOGLE_FLOW_TTL_S } from '../services/google-sign-in';
import { LIMITS, sendSignInCode, signInSettings, verifySignInCode } from '../services/phone-sign-in';
import { sendVerificationCode, signUpWithPhoneCode, verifyPhoneForUser } from '../services/phone-verification';
import { consume } from '../services/rate-limit';

type Ctx = Context<AppEnv>;

const clientIp = (c: Pick<Ctx, 'req'>) => c.req.header('CF-Connecting-IP') ?? 'unknown';

/** The short-lived Google flow cookie (state, nonce, PKCE verifier), scoped to the flow's paths. */
const OIDC_COOKIE = 'tm_oidc';
const OIDC_PATH = '/api/auth/google';

/** Signs `userId` in and answers what the web app needs next. */
const signedIn = async (c: Ctx, userId: string, status: 200 | 201 = 200) =>
  c.json(await sessionView(c.var.db, await signIn(c, userId)), status);

/** Sign-in (phone codes, Google, email + password), a signed-in guest's phone verification, session and sign-out. */
export const authRoutes = new Hono<AppEnv>()
  /** Public settings the sign-in page needs: the Turnstile site key when the bot check is on. */
  .get('/config', (c) => c.json(signInSettings(c.env)))
  .use(loadSession)
  .get('/session', async (c) => {
    const user = c.get('user');
    if (!user) return c.json({ user: null });
    return c.json(await sessionView(c.var.db, user));
  })
  .post('/otp/send', jsonBody(OtpSendSchema), async (c) => {
    const { phone, turnstile_token } = c.req.valid('json');
    const { resendIn, cleanUp } = await sendSignInCode(c.env, c.var.db, {
      phone,
      turnstileToken: turnstile_token,
      ip: clientIp(c),
    });
    c.executionCtx.waitUntil(cleanUp().catch(() => undefined));
    // `resend_in`: seconds until the server will send this phone another code ('Resend code').
    return c.json({ sent: true as const, phone, resend_in: resendIn });
  })
  .post('/otp/verify', jsonBody(OtpVerifySchema), async (c) => {
    const body = c.req.valid('json');
    return signedIn(c, await verifySignInCode(c.env, c.var.db, { ...body, ip: clientIp(c) }));
  })
  /**
   * A signed-in guest without a verified phone (email + password or Google) proves one for their
   * own account: the sign-in code's body, sender and limits; the verify answers the session as
   * `/session` does, its `user.phone` now set.
   */
  .post('/phone/send', requireUser, jsonBody(OtpSendSchema), async (c) => {
    const { phone, turnstile_token } = c.req.valid('json');
    const { resendIn, cleanUp } = await sendVerificationCode(c.env, c.var.db, c.get('user'), {
      phone,
      turnstileToken: turnstile_token,
      ip: clientIp(c),
    });
    c.executionCtx.waitUntil(cleanUp().catch(() => undefined));
    return c.json({ sent: true as const, phone, resend_in: resendIn });
  })
  .post('/phone/verify', requireUser, jsonBody(OtpVerifySchema), async (c) => {
    const body = c.req.valid('json');
    const user = await verifyPhoneForUser(c.env, c.var.db, c.get('user'), { ...body, ip: clientIp(c) });
    return c.json(await sessionView(c.var.db, user));
  })
  /**
   * 201 with a new account whose phone the code has verified (docs/decisions/028); 409 with how
   * to sign in instead when the phone or the email already has an account.
   */
  .post('/signup', jsonBody(SignUpSchema), async (c) => {
    const body = c.req.valid('json');
    await consume(c.var.db, `password:ip:${clientIp(c)}`, LIMITS.passwordPerIp);
    // Accounts per address (issue 19): counted on every attempt, whatever the answer.
    await consume(c.var.db, `signup:ip:${clientIp(c)}`, [...ADDRESS_LIMITS.signUps]);
    // The same per-email allowance as sign-in, so sign-up is no way around its limits.
    await consume(c.var.db, `signin:email:${body.email}`, LIMITS.signinPerEmail);
    return signedIn(c, await signUpWithPhoneCode(c.env, c.var.db, { ...body, ip: clientIp(c) }), 201);
  })
  .post('/signin', jsonBody(SignInSchema), async (c) => {
    const body = c.req.valid('json');
    await consume(c.var.db, `password:ip:${clientIp(c)}`, LIMITS.passwordPerIp);
    await consume(c.var.db, `signin:email:${body.email}`, LIMITS.signinPerEmail);
    return signedIn(c, await checkPassword(c.var.db, body.email, body.password));
  })
  .get('/google', async (c) => {
    const flow = await beginGoogleSignIn(c.env);
    if (!flow) return c.redirect('/auth?error=google', 302);
    setCookie(c, OIDC_COOKIE, flow.flowToken, {
      httpOnly: true,
      sameSite: 'Lax',
      path: OIDC_PATH,
      secure: needsSecureCookies(c),
      maxAge: GOOGLE_FLOW_TTL_S,
    });
    return c.redirect(flow.url, 302);
  })
  .get('/google/callback', async (c) => {
    const flowToken = getCookie(c, OIDC_COOKIE);
    deleteCookie(c, OIDC_COOKIE, { path: OIDC_PATH, secure: needsSecureCookies(c) });
    try {
      const userId = await finishGoogleSignIn(c.env, c.var.db, {
        flowToken,
        state: c.req.query('state'),
        code: c.req.query('code'),
        error: c.req.query('error'),
      });
      await signIn(c, userId);
      return c.redirect('/auth', 302);
    } catch (e) {
      console.warn(JSON.stringify({ level: 'warn', msg: 'google sign-in failed', error: String(e) }));
      return c.redirect('/auth?error=google', 302);
    }
  })
  /** Revokes the session server-side and clears the cookies; succeeds when already signed out. */
  .post('/signout', async (c) => {
    await signOut(c);
    return c.json({ ok: true as const });
  });
