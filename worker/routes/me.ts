import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../app-env';
import { DATA_RIGHTS_COPY } from '@domain/copy-data-rights';
import { ApiError } from '../lib/errors';
import { jsonBody } from '../lib/validate';
import { loadSession, requireUser, signOut } from '../middleware/session';
import { eraseAccount, erasurePreview, exportPersonalData } from '../services/data-rights';

/** `DELETE /api/me`: the guest ticked that they understand; nothing else is read from the body. */
const EraseBody = v.object({ confirm: v.literal(true, DATA_RIGHTS_COPY.confirmRequired) });

/** The guest's own data (issue 22): download it, see what deleting the account does, delete it. */
export const meRoutes = new Hono<AppEnv>()
  .use(loadSession, requireUser)
  .get('/export', async (c) => {
    const data = await exportPersonalData(c.var.db, c.get('user').id);
    c.header(
      'Content-Disposition',
      `attachment; filename="${DATA_RIGHTS_COPY.exportFilename(data.exported_at.slice(0, 10))}"`,
    );
    c.header('Cache-Control', 'no-store');
    return c.json(data);
  })
  .get('/erasure', async (c) => c.json(await erasurePreview(c.var.db, c.get('user').id)))
  .delete('/', jsonBody(EraseBody), async (c) => {
    const summary = await eraseAccount(c.env, c.var.db, c.get('user').id, 'request');
    if (!summary) throw new ApiError(404, 'not_found', DATA_RIGHTS_COPY.alreadyErased);
    // The session rows went with the account; this clears the cookies. (`requireUser` only
    // narrowed the user: the context is the same one signOut takes.)
    await signOut(c as unknown as Context<AppEnv>);
    return c.json({ erased: true as const });
  });
