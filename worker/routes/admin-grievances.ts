import { Hono } from 'hono';
import type { AppEnv, SessionUser } from '../app-env';
import { GRIEVANCE_COPY } from '@domain/copy-grievances';
import { GrievanceReplySchema } from '@domain/grievance';
import { ApiError } from '../lib/errors';
import { jsonBody } from '../lib/validate';
import { listGrievances, replyToGrievance } from '../services/grievances';

/** The operator: routes/admin.ts's gate has let only a signed-in operator through. */
const actorId = (c: { get(key: 'user'): SessionUser | null }) => (c.get('user') as SessionUser).id;

/** The console's grievances (issue 22), behind the operator gate of routes/admin.ts. */
export const adminGrievancesRoutes = new Hono<AppEnv>()
  /** Every grievance with its due date and `overdue`, open ones first, soonest due first. */
  .get('/', async (c) => c.json({ grievances: await listGrievances(c.var.db, new Date()) }))
  /**
   * Answers a grievance: resolved with the reply (audited), and the reply emailed to the guest
   * (`emailed`; when false, the retry sends it). 404 unknown, 409 already answered: nothing changes.
   */
  .post('/:id/reply', jsonBody(GrievanceReplySchema), async (c) => {
    const id = c.req.param('id');
    const result = await replyToGrievance(c.env, c.var.db, actorId(c), id, c.req.valid('json').reply, new Date());
    if (result.kind !== 'replied')
      throw result.kind === 'not_found'
        ? new ApiError(404, 'not_found', GRIEVANCE_COPY.errors.notFound)
        : new ApiError(409, 'already_resolved', GRIEVANCE_COPY.errors.alreadyResolved);
    return c.json({ grievance: result.grievance, emailed: result.emailed });
  });
