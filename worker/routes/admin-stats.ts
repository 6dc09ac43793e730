import { Hono } from 'hono';
import { vValidator } from '@hono/valibot-validator';
import * as v from 'valibot';
import type { BaseIssue } from 'valibot';
import type { AppEnv } from '../app-env';
import { CONSOLE_COPY } from '@domain/copy-console';
import { CITY_SLUG } from '@domain/dinner';
import { EVENT_ID } from '@domain/host';
import { ApiError } from '../lib/errors';
import { invalidInput, issueFields } from '../lib/validate';
import { requireRole } from '../middleware/session';
import { getAdminStats, getDinnerFeedback, getHostsFeedback, STATS_WEEKS } from '../services/admin-stats';

const S = CONSOLE_COPY.stats;
const weeksInvalid = S.weeksInvalid(STATS_WEEKS.min, STATS_WEEKS.max);

/** `GET /stats`'s query: `city` (a slug; empty or absent: every city) and `weeks` (1-52, default 12), nothing else. */
const StatsQuery = v.strictObject(
  {
    city: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.regex(CITY_SLUG, S.cityInvalid))], S.cityInvalid)),
    weeks: v.optional(
      v.pipe(
        v.string(weeksInvalid),
        v.regex(/^\d{1,2}$/, weeksInvalid),
        v.transform(Number),
        v.minValue(STATS_WEEKS.min, weeksInvalid),
        v.maxValue(STATS_WEEKS.max, weeksInvalid),
      ),
    ),
  },
  S.queryInvalid,
);
const statsQuery = vValidator('query', StatsQuery, (result) => {
  if (!result.success) {
    const issues = result.issues as readonly BaseIssue<unknown>[];
    throw invalidInput(issues[0]?.message ?? S.queryInvalid, issueFields(issues));
  }
});

/**
 * What operators learn (issue 21, docs/decisions/034), mounted at `/api/admin` beside routes/admin.ts.
 * That sub-app's gate (session and operator role) already covers every `/api/admin/*` path; the role
 * is checked here again on the session it resolved, so these routes stay closed (401) if they are
 * ever mounted where no gate ran, at no extra round trip.
 */
export const adminStatsRoutes = new Hono<AppEnv>()
  .use(requireRole('operator'))
  /**
   * The dashboard's charts: per IST week (Monday to Sunday, this week last), seats sold, show rate,
   * average ratings, repeat guests and mutual matches, of one city (`?city=`) or all, over `?weeks=`
   * weeks (default 12). 400 on an unknown city or a bad number of weeks.
   */
  .get('/stats', statsQuery, async (c) => {
    const { city, weeks } = c.req.valid('query');
    const stats = await getAdminStats(c.var.db, new Date(), weeks ?? STATS_WEEKS.default, city || null);
    if (!stats) throw invalidInput(S.cityInvalid, { city: S.cityInvalid });
    return c.json(stats);
  })
  /** A dinner's feedback: the answers counted and averaged, and every response with its note, newest first. */
  .get('/events/:id/feedback', async (c) => {
    const id = c.req.param('id');
    const found = EVENT_ID.test(id) ? await getDinnerFeedback(c.var.db, id) : null;
    if (!found) throw new ApiError(404, 'not_found', CONSOLE_COPY.admin.eventNotFound);
    return c.json(found);
  })
  /** Every host with their dinners, their average ratings and the latest notes on their dinners. */
  .get('/hosts/feedback', async (c) => c.json(await getHostsFeedback(c.var.db, new Date())));
