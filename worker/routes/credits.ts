import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { loadSession, requireUser } from '../middleware/session';
import { creditHistory } from '../services/ledger/credit';

/** The signed-in guest's credit: the balance and every entry (docs/decisions/027). */
export const creditsRoutes = new Hono<AppEnv>()
  .use(loadSession, requireUser)
  .get('/', async (c) => c.json(await creditHistory(c.var.db, c.get('user').id)));
