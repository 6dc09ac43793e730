import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { OrderRequestSchema } from '@domain/order';
import { jsonBody } from '../lib/validate';
import { loadSession, requireUser } from '../middleware/session';
import { heldOrder, letHoldGo, orderView, placeOrder } from '../services/orders';

export const ordersRoutes = new Hono<AppEnv>()
  .use(loadSession, requireUser)
  .post('/', jsonBody(OrderRequestSchema), async (c) => {
    const body = c.req.valid('json');
    const user = c.get('user');
    const order = await placeOrder(c.env, c.var.db, {
      userId: user.id,
      eventId: body.event_id,
      ticketType: body.ticket_type,
      coupon: body.coupon,
      partyName: body.party_name ?? null,
      partyPhone: body.party_phone ?? null,
      useCredit: body.use_credit,
      // Cloudflare sets it on every request; holds are limited per address too (ledger-rules.ts).
      address: c.req.header('CF-Connecting-IP'),
    });
    return c.json(order, 201);
  })
  // The guest's own live hold on a dinner (a checkout closed half-way), answered as the order was.
  .get('/held/:eventId', async (c) =>
    c.json(await heldOrder(c.env, c.var.db, c.get('user').id, c.req.param('eventId'))),
  )
  .get('/:orderId', async (c) => c.json(await orderView(c.var.db, c.get('user').id, c.req.param('orderId'))))
  // 'Let the seat go': the guest's own live unpaid hold ends now.
  .delete('/:orderId', async (c) => c.json(await letHoldGo(c.env, c.var.db, c.get('user').id, c.req.param('orderId'))));
