import { Hono } from 'hono';
import type { AppEnv, SessionUser } from '../app-env';
import { CONSOLE_COPY } from '@domain/copy-console';
import { AssignHost, EVENT_ID } from '@domain/host';
import { ApiError } from '../lib/errors';
import { invalidInput, jsonBody } from '../lib/validate';
import { assignHost, listDinnerHosts, removeHost } from '../services/hosts';

const H = CONSOLE_COPY.host;

/** The gate of routes/admin.ts runs first: below it the session is an operator's. */
type OperatorEnv = { Bindings: AppEnv['Bindings']; Variables: AppEnv['Variables'] & { user: SessionUser } };

const notFound = () => new ApiError(404, 'not_found', CONSOLE_COPY.admin.eventNotFound);

/** A user id as the console sends it back (UUIDs). */
const USER_ID = /^[\w-]{1,100}$/;

/**
 * A dinner's hosts (docs/decisions/019), mounted under `/api/admin/events` behind the console's
 * gate (routes/admin.ts). Assigning and removing are idempotent; each change leaves an audit row in
 * its own batch.
 */
export const adminHostRoutes = new Hono<OperatorEnv>()
  /** The dinner's hosts, first assigned first. */
  .get('/:id/hosts', async (c) => {
    const id = c.req.param('id');
    const found = EVENT_ID.test(id) ? await listDinnerHosts(c.var.db, id) : null;
    if (!found) throw notFound();
    return c.json(found);
  })
  /**
   * Assigns a host by the phone (10 digits mean +91) or the email they signed in with. 400 when
   * nobody has, 409 when the account does not hold the host role or the dinner is cancelled;
   * assigning again answers 200 with `changed: false`.
   */
  .post('/:id/hosts', jsonBody(AssignHost), async (c) => {
    const id = c.req.param('id');
    if (!EVENT_ID.test(id)) throw notFound();
    const result = await assignHost(c.var.db, c.get('user').id, id, c.req.valid('json').user);
    if (result.kind === 'not_found') throw notFound();
    if (result.kind === 'cancelled') throw new ApiError(409, 'dinner_cancelled', H.dinnerCancelled);
    if (result.kind === 'user_unknown') throw invalidInput(H.userUnknown, { user: H.userUnknown });
    if (result.kind === 'not_a_host') throw new ApiError(409, 'not_a_host', H.notAHost);
    return c.json({ hosts: result.hosts, changed: result.changed }, result.changed ? 201 : 200);
  })
  /** Takes a host off the dinner; 200 with `changed: false` when they were not one. */
  .delete('/:id/hosts/:userId', async (c) => {
    const id = c.req.param('id');
    const userId = c.req.param('userId');
    const result =
      EVENT_ID.test(id) && USER_ID.test(userId) ? await removeHost(c.var.db, c.get('user').id, id, userId) : null;
    if (!result) throw notFound();
    return c.json(result);
  });
