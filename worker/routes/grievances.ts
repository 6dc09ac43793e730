import { Hono } from 'hono';
import { GrievanceSchema } from '@domain/grievance';
import type { AppEnv } from '../app-env';
import { jsonBody } from '../lib/validate';
import { loadSession } from '../middleware/session';
import { fileGrievanceFromForm, grievanceFormSettings } from '../services/grievances';

/** Grievances (issue 22): the public form, and the grievance officer's details. */
export const grievancesRoutes = new Hono<AppEnv>()
  /**
   * Who the grievance officer is (config), for /contact and the privacy policy, and the bot
   * check's site key when it is on. Public: visitors who are not signed in read it too.
   */
  .get('/officer', (c) => c.json(grievanceFormSettings(c.env)))
  /**
   * Files a grievance, signed in or not (a signed-in guest's is linked to their account): 201
   * with its reference and due date, the acknowledgement already emailed (`acknowledged`; if the
   * email failed, the cron's retry sends it and the reference stands). Bot check and limits: 400, 429.
   */
  .post('/', loadSession, jsonBody(GrievanceSchema), async (c) => {
    const { turnstile_token, ...input } = c.req.valid('json');
    const filed = await fileGrievanceFromForm(
      c.env,
      c.var.db,
      { ...input, userId: c.get('user')?.id ?? null },
      { ip: c.req.header('CF-Connecting-IP') ?? 'unknown', turnstileToken: turnstile_token },
    );
    c.executionCtx.waitUntil(filed.cleanUp().catch(() => undefined));
    return c.json({ reference: filed.reference, due_at: filed.dueAt, acknowledged: filed.acknowledged }, 201);
  });
