import { Hono } from 'hono';
import { GRIEVANCE_COPY } from '@domain/copy-grievances';
import { GrievanceSchema } from '@domain/grievance';
import type { AppEnv } from '../app-env';
import { ApiError } from '../lib/errors';
import { jsonBody } from '../lib/validate';
import { loadSession } from '../middleware/session';
import { turnstileEnabled, verifyTurnstile } from '../providers/turnstile';
import { fileGrievance, grievanceOfficer } from '../services/grievances';
import { consumeAll, pruneOld } from '../services/rate-limit';

/**
 * Filing limits. Per address loose (Indian carriers put many people behind one CGNAT address),
 * per email tighter: a real complainant files a handful, a script filling the console many.
 */
export const GRIEVANCE_LIMITS_PER = {
  ip: [
    { windowS: 3600, max: 10 },
    { windowS: 86_400, max: 30 },
  ],
  email: [{ windowS: 86_400, max: 5 }],
} as const;

/** Grievances (issue 22): the public form, and the grievance officer's details. */
export const grievancesRoutes = new Hono<AppEnv>()
  /**
   * Who the grievance officer is (config), for /contact and the privacy policy, and the bot
   * check's site key when it is on. Public: visitors who are not signed in read it too.
   */
  .get('/officer', (c) =>
    c.json({
      officer: grievanceOfficer(c.env),
      turnstile_site_key: turnstileEnabled(c.env) ? c.env.TURNSTILE_SITE_KEY : null,
    }),
  )
  /**
   * Files a grievance, signed in or not (a signed-in guest's is linked to their account): 201
   * with its reference and due date, the acknowledgement already emailed (`acknowledged`; if the
   * email failed, the retry sends it and the reference stands).
   */
  .post('/', loadSession, jsonBody(GrievanceSchema), async (c) => {
    const { turnstile_token, ...input } = c.req.valid('json');
    const ip = c.req.header('CF-Connecting-IP') ?? 'unknown';
    if (turnstileEnabled(c.env)) {
      const check = turnstile_token ? await verifyTurnstile(c.env, turnstile_token, ip) : null;
      if (!check?.ok) throw new ApiError(400, 'bot_check_failed', GRIEVANCE_COPY.errors.botCheck);
    }
    await consumeAll(c.var.db, [
      { key: `grievance:ip:${ip}`, limits: GRIEVANCE_LIMITS_PER.ip },
      { key: `grievance:email:${input.email}`, limits: GRIEVANCE_LIMITS_PER.email },
    ]);
    const filed = await fileGrievance(c.env, c.var.db, { ...input, userId: c.get('user')?.id ?? null });
    c.executionCtx.waitUntil(pruneOld(c.var.db).catch(() => undefined));
    return c.json({ reference: filed.reference, due_at: filed.dueAt, acknowledged: filed.acknowledged }, 201);
  });
