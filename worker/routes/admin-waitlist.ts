import { Hono } from 'hono';
import type { AppEnv, SessionUser } from '../app-env';
import { CONSOLE_COPY } from '@domain/copy-console';
import { CreditGrant } from '@domain/credit-grant';
import { EVENT_ID } from '@domain/host';
import { ApiError } from '../lib/errors';
import { jsonBody } from '../lib/validate';
import {
  findWaitlistEntry,
  getAdminWaitlist,
  getAdminWaitlistEntry,
  guestCredit,
  userExists,
} from '../services/admin-waitlist';
import { grantCredit } from '../services/ledger/credit';
import { offerNow } from '../services/ledger/offers';

const W = CONSOLE_COPY.waitlist;

/** The gate of routes/admin.ts runs first: below it the session is an operator's. */
type OperatorEnv = { Bindings: AppEnv['Bindings']; Variables: AppEnv['Variables'] & { user: SessionUser } };

/** A waitlist entry's or a user's id as the console sends it back (UUIDs). */
const ROW_ID = /^[\w-]{1,100}$/;

const eventNotFound = () => new ApiError(404, 'not_found', CONSOLE_COPY.admin.eventNotFound);

/** Why the ledger made no offer, in the operator's words (409, nothing changed). */
const OFFER_REFUSALS = {
  no_seat: W.noSeat,
  not_waiting: W.notWaiting,
  closed: W.closed,
} as const;

/**
 * A dinner's waitlist and credit by hand (issue 20, docs/decisions/027), mounted at `/api/admin`
 * behind the console's gate (routes/admin.ts). The two writes are the ledger's (an offer is a hold,
 * a grant a credit entry), each with its audit row in its own batch; this file only checks the
 * request and says what happened.
 */
export const adminWaitlistRoutes = new Hono<OperatorEnv>()
  /** The line, oldest first, with positions, the offers out and their deadlines, the seats free and the "still coming?" answers. */
  .get('/events/:id/waitlist', async (c) => {
    const id = c.req.param('id');
    const found = EVENT_ID.test(id) ? await getAdminWaitlist(c.var.db, id, new Date()) : null;
    if (!found) throw eventNotFound();
    return c.json(found);
  })
  /**
   * "Offer now": the seats go to this guest at once, ahead of the cron (the ledger's hold, the same
   * seat check as Book Now). 409 `no_seat`, `not_waiting` or `closed` (hidden, cancelled, or inside
   * the last 3 hours) when it cannot; the answer is the entry as the waitlist lists it.
   */
  .post('/events/:id/waitlist/:entryId/offer', async (c) => {
    const id = c.req.param('id');
    const entryId = c.req.param('entryId');
    if (!EVENT_ID.test(id) || !ROW_ID.test(entryId)) throw eventNotFound();
    const d = c.var.db;
    const found = await findWaitlistEntry(d, id, entryId);
    if (found.kind === 'no_dinner') throw eventNotFound();
    if (found.kind === 'no_entry') throw new ApiError(404, 'not_found', W.entryNotFound);
    // The ledger's hold sells no seat of a hidden dinner: say why, rather than "no seat".
    if (!found.available) throw new ApiError(409, 'closed', W.closed);
    const now = new Date();
    const result = await offerNow(c.env, d, { eventId: id, entryId, operatorId: c.get('user').id, now });
    if (!result.ok) throw new ApiError(409, result.reason, OFFER_REFUSALS[result.reason]);
    return c.json({ entry: await getAdminWaitlistEntry(d, id, entryId, new Date()) });
  })
  /** Whose each booking of a dinner is, with that guest's credit balance, for the guest list's "Grant credit". */
  .get('/events/:id/guest-credit', async (c) => {
    const id = c.req.param('id');
    const found = EVENT_ID.test(id) ? await guestCredit(c.var.db, id, new Date()) : null;
    if (!found) throw eventNotFound();
    return c.json(found);
  })
  /**
   * Grants a guest credit (e.g. an apology): whole rupees, 1 to MAX_OPERATOR_GRANT, with a note.
   * The ledger writes the grant and its `credit.grant` audit row in one batch; 201 with the new balance.
   */
  .post('/users/:id/credit', jsonBody(CreditGrant), async (c) => {
    const userId = c.req.param('id');
    const d = c.var.db;
    if (!ROW_ID.test(userId) || !(await userExists(d, userId)))
      throw new ApiError(404, 'not_found', CONSOLE_COPY.credit.userNotFound);
    const { amount, note } = c.req.valid('json');
    const granted = await grantCredit(d, { userId, amount, note, operatorId: c.get('user').id, now: new Date() });
    return c.json({ entry_id: granted.entry_id, balance: granted.balance }, 201);
  });
