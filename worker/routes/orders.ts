import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../app-env';
import { COPY } from '../domain/copy';
import { TICKET_TYPES } from '../domain/pricing';
import { jsonBody } from '../lib/validate';
import { loadSession, requireUser } from '../middleware/session';
import { orderView, placeOrder } from '../services/orders';

/** Only these fields are read: a client-sent amount, price or user id is simply ignored. */
const CreateOrder = v.object({
  event_id: v.pipe(
    v.string(COPY.booking.chooseEvent),
    v.trim(),
    v.minLength(1, COPY.booking.chooseEvent),
    v.maxLength(100, COPY.booking.chooseEvent),
  ),
  ticket_type: v.picklist(TICKET_TYPES, COPY.booking.selectTicket),
  coupon: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40, COPY.booking.invalidCoupon))),
});

export const ordersRoutes = new Hono<AppEnv>()
  .use(loadSession, requireUser)
  .post('/', jsonBody(CreateOrder), async (c) => {
    const body = c.req.valid('json');
    const user = c.get('user');
    const order = await placeOrder(c.env, c.var.db, {
      userId: user.id,
      eventId: body.event_id,
      ticketType: body.ticket_type,
      coupon: body.coupon,
    });
    return c.json(order, 201);
  })
  .get('/:orderId', async (c) => c.json(await orderView(c.var.db, c.get('user').id, c.req.param('orderId'))));
