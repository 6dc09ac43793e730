import { Hono } from 'hono';
import * as v from 'valibot';
import { db } from '../../db/client';
import type { AppEnv } from '../app-env';
import { TICKET_TYPES } from '../domain/pricing';
import { orderView, placeOrder } from '../lib/orders';
import { jsonBody } from '../lib/validate';
import { requireUser } from '../middleware/session';

/** Only these fields are read: a client-sent amount, price or user id is simply ignored. */
const CreateOrder = v.object({
  event_id: v.pipe(v.string('Choose an event.'), v.trim(), v.minLength(1, 'Choose an event.'), v.maxLength(100, 'Choose an event.')),
  ticket_type: v.picklist(TICKET_TYPES, 'Select a ticket'),
  coupon: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40, 'Invalid Coupon: This coupon code is not valid.'))),
});

export const ordersRoutes = new Hono<AppEnv>()
  .post('/', requireUser, jsonBody(CreateOrder), async (c) => {
    const body = c.req.valid('json');
    const user = c.get('user');
    const order = await placeOrder(c.env, db(c.env.DB), { userId: user.id, eventId: body.event_id, ticketType: body.ticket_type, coupon: body.coupon });
    return c.json(order, 201);
  })
  .get('/:orderId', requireUser, async (c) => {
    const user = c.get('user');
    c.header('Cache-Control', 'no-store');
    return c.json(await orderView(db(c.env.DB), user.id, c.req.param('orderId')));
  });
