import { Hono } from 'hono';
import type { AppEnv, SessionUser } from '../app-env';
import { CONSOLE_COPY } from '@domain/copy-console';
import { EVENT_ID } from '@domain/host';
import { TablesEditSchema } from '@domain/tables';
import { ApiError } from '../lib/errors';
import { jsonBody } from '../lib/validate';
import { getTables, publishTables, runMatching, saveTables, type TablesWrite } from '../services/tables';

const T = CONSOLE_COPY.tables;

/** The gate of routes/admin.ts runs first: below it the session is an operator's. */
type OperatorEnv = { Bindings: AppEnv['Bindings']; Variables: AppEnv['Variables'] & { user: SessionUser } };

const notFound = () => new ApiError(404, 'not_found', CONSOLE_COPY.admin.eventNotFound);

/** The answer of a write, or the error its refusal is. */
function answer(result: TablesWrite | Awaited<ReturnType<typeof publishTables>>) {
  switch (result.kind) {
    case 'not_found':
      throw notFound();
    case 'cancelled':
      throw new ApiError(409, 'dinner_cancelled', T.cancelled);
    case 'no_guests':
      throw new ApiError(409, 'no_guests', T.noGuests);
    case 'stale':
      throw new ApiError(409, 'guest_list_changed', T.stale);
    case 'ok':
      return { ...result.tables, changed: result.changed };
  }
}

/**
 * A dinner's tables (DESIGN.md "Matching", docs/decisions/022), mounted under
 * `/api/admin/events` behind the console's gate (routes/admin.ts). Each write is one D1 batch
 * with its audit row, and answers the tables as they stand after it.
 */
export const adminTablesRoutes = new Hono<OperatorEnv>()
  /** The tables with each one's balance, the guests not seated yet, the plan and the score. */
  .get('/:id/tables', async (c) => {
    const id = c.req.param('id');
    const found = EVENT_ID.test(id) ? await getTables(c.var.db, id) : null;
    if (!found) throw notFound();
    return c.json(found);
  })
  /** Runs the matching: every guest not at a locked table is (re)seated. */
  .post('/:id/tables', async (c) => {
    const id = c.req.param('id');
    if (!EVENT_ID.test(id)) throw notFound();
    return c.json(answer(await runMatching(c.var.db, c.get('user').id, id)));
  })
  /** The seating by hand: listed guests sit where listed; a table listed with `locked` is (un)locked. */
  .put('/:id/tables', jsonBody(TablesEditSchema), async (c) => {
    const id = c.req.param('id');
    if (!EVENT_ID.test(id)) throw notFound();
    return c.json(answer(await saveTables(c.var.db, c.get('user').id, id, c.req.valid('json'))));
  })
  /** Publishes (seating anyone without a table first); `changed: false` when already published. */
  .post('/:id/tables/publish', async (c) => {
    const id = c.req.param('id');
    if (!EVENT_ID.test(id)) throw notFound();
    return c.json(answer(await publishTables(c.var.db, c.get('user').id, id)));
  });
