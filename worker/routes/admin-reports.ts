import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';
import type { AppEnv } from '../app-env';
import { REPORTS_CONSOLE_COPY, SUSPENSION_COPY } from '@domain/copy-reports';
import { SuspendSchema } from '@domain/reports';
import { ApiError } from '../lib/errors';
import { invalidInput, jsonBody } from '../lib/validate';
import { loadSession, requireRole } from '../middleware/session';
import { listReports, resolveReport } from '../services/reports';
import { suspendUser, suspensionPreview, suspensionRefundWire, unsuspendUser } from '../services/suspension';

/** The session, read once: the console's gate (routes/admin.ts) has read it for this request already. */
const sessionOnce = createMiddleware<AppEnv>(async (c, next) =>
  c.var.user === undefined ? loadSession(c, next) : next(),
);
/** Operators only, checked here too (not only by routes/admin.ts's gate): 401 signed out, 403 anyone else. */
const operatorOnly = requireRole('operator');

/** A report's or a user's id as the console sends it back. */
const ROW_ID = /^[\w-]{1,100}$/;
const StatusQuery = v.optional(v.picklist(['open', 'all']), 'open');

const R = REPORTS_CONSOLE_COPY;
const S = SUSPENSION_COPY;
const userNotFound = () => new ApiError(404, 'not_found', S.errors.userNotFound);

/**
 * The console's reports and suspensions (issue 21), mounted at `/api/admin` after the console's
 * own routes, each behind the operator gate:
 * - `GET /reports?status=open|all` → `{ reports }`: open first, urgent first, newest first.
 * - `POST /reports/:id/resolve` → `{ report }` (audited); 404, 409 `already_resolved`.
 * - `GET /users/:id/suspension` → what a suspension would do (for the confirmation).
 * - `POST /users/:id/suspend` `{ reason }` → `{ user, newly_suspended, refunds, refunds_queued }`:
 *   idempotent; 404 unknown, 403 `cannot_suspend_self` / `cannot_suspend_operator`.
 * - `DELETE /users/:id/suspend` → `{ user }`: lifts it (audited); 409 `not_suspended`.
 */
export const adminReportsRoutes = new Hono<AppEnv>()
  .get('/reports', sessionOnce, operatorOnly, async (c) => {
    const status = v.safeParse(StatusQuery, c.req.query('status'));
    if (!status.success) throw invalidInput('Unknown status filter.', { status: 'Use open or all.' });
    return c.json({ reports: await listReports(c.var.db, status.output) });
  })
  .post('/reports/:id/resolve', sessionOnce, operatorOnly, async (c) => {
    const id = c.req.param('id');
    const result = ROW_ID.test(id)
      ? await resolveReport(c.var.db, c.get('user').id, id)
      : { kind: 'not_found' as const };
    if (result.kind === 'not_found') throw new ApiError(404, 'not_found', R.errors.notFound);
    if (result.kind === 'already_resolved') throw new ApiError(409, 'already_resolved', R.errors.alreadyResolved);
    return c.json({ report: result.report });
  })
  .get('/users/:id/suspension', sessionOnce, operatorOnly, async (c) => {
    const id = c.req.param('id');
    const preview = ROW_ID.test(id) ? await suspensionPreview(c.var.db, id, new Date()) : null;
    if (!preview) throw userNotFound();
    return c.json(preview);
  })
  .post('/users/:id/suspend', sessionOnce, operatorOnly, jsonBody(SuspendSchema), async (c) => {
    const id = c.req.param('id');
    if (!ROW_ID.test(id)) throw userNotFound();
    const result = await suspendUser(c.env, c.var.db, {
      actorId: c.get('user').id,
      userId: id,
      reason: c.req.valid('json').reason,
    });
    if (result.kind === 'not_found') throw userNotFound();
    if (result.kind === 'self') throw new ApiError(403, 'cannot_suspend_self', S.errors.self);
    if (result.kind === 'operator') throw new ApiError(403, 'cannot_suspend_operator', S.errors.operator);
    return c.json({
      user: { id, suspended_at: result.suspendedAt },
      newly_suspended: result.newly,
      refunds: result.refunds.map(suspensionRefundWire),
      refunds_queued: result.queued,
    });
  })
  .delete('/users/:id/suspend', sessionOnce, operatorOnly, async (c) => {
    const id = c.req.param('id');
    const result = ROW_ID.test(id) ? await unsuspendUser(c.var.db, { actorId: c.get('user').id, userId: id }) : null;
    if (!result || result.kind === 'not_found') throw userNotFound();
    if (result.kind === 'not_suspended') throw new ApiError(409, 'not_suspended', S.errors.notSuspended);
    return c.json({ user: { id, suspended_at: null } });
  });
