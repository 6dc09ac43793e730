/**
 * Coupons (DESIGN.md "Operating the product", docs/decisions/015): the maths, the console's API
 * (validation, duplicates, audit rows, redemption counts), and the order that redeems one — the
 * discounted charge, every refusal with the one message, the cap under 50 concurrent orders, and a
 * redemption given back when its hold expires or fails.
 */
import { env, SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { auditLog, coupons, paymentOrders, users } from '../../db/schema';
import { CONSOLE_COPY } from '../../worker/domain/copy-console';
import { CouponPatch, chargedPrice, couponKey, couponPrices, NewCoupon } from '../../worker/domain/coupon';
import { couponSaving, discountedPrice, MIN_CHARGE_RUPEES, priceFor } from '../../worker/domain/pricing';
import { handleScheduled } from '../../worker/scheduled';
import { placeOrder as placeOrderDirect } from '../../worker/services/orders';
import { seatsTaken } from '../../worker/services/ledger/seats';
import {
  type CheckoutResponse,
  createEvent,
  createGuest,
  expireHold,
  failedPayment,
  orderRow,
  postOrder,
  postWebhook,
  razorpayGet,
} from './helpers/booking-fixtures';
import { apiRequest } from './helpers/session-cookie';

const INVALID = 'Invalid Coupon: This coupon code is not valid.';
const C = CONSOLE_COPY.coupon;
const DAY = 86_400_000;
let seq = 0;
/** A code no other test uses. */
const newCode = (prefix = 'T') => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`.toUpperCase();

async function operator() {
  const user = await createGuest();
  await db(env.DB).update(users).set({ role: 'operator' }).where(eq(users.id, user.userId));
  return user;
}

const call = (method: string, path: string, cookie: string, body?: unknown) =>
  SELF.fetch(apiRequest(method, path, { cookie, body }));

type WireCoupon = {
  code: string;
  kind: string;
  value: number;
  ticket_types: string[] | null;
  event_id: string | null;
  event_title: string | null;
  max_redemptions: number | null;
  expires_at: string | null;
  active: boolean;
  redemptions: number;
};

async function listed(cookie: string, code: string) {
  const res = await call('GET', '/api/admin/coupons', cookie);
  expect(res.status).toBe(200);
  const { coupons: all } = (await res.json()) as { coupons: WireCoupon[] };
  return all.find((c) => c.code === code);
}

const couponRows = (code: string) => db(env.DB).select().from(coupons).where(eq(coupons.code, code));
const auditRows = (code: string) =>
  db(env.DB)
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, `coupon:${code}`));

/** Inserts a coupon straight into D1 (the order tests need no console). */
async function insertCoupon(over: Partial<typeof coupons.$inferInsert> = {}) {
  const row = { code: newCode('C'), kind: 'percent' as const, value: 10, ...over };
  await db(env.DB).insert(coupons).values(row);
  return row;
}

const validate = (cookie: string, code: string, eventId: string) =>
  call('POST', '/api/coupons/validate', cookie, { code, event_id: eventId });

async function expectInvalidCoupon(res: Response) {
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ error: { code: 'invalid_coupon', message: INVALID } });
}

describe('coupon maths', () => {
  it('rounds a percentage half up in whole rupees', () => {
    expect(discountedPrice(499, { kind: 'percent', value: 10 })).toBe(449); // 449.1
    expect(discountedPrice(499, { kind: 'percent', value: 20 })).toBe(399); // 399.2
    expect(discountedPrice(899, { kind: 'percent', value: 15 })).toBe(764); // 764.15
    expect(discountedPrice(250, { kind: 'percent', value: 33 })).toBe(168); // 167.5 → up
    expect(discountedPrice(5, { kind: 'percent', value: 10 })).toBe(5); // 4.5 → up
  });

  it('takes whole rupees off a fixed coupon', () => {
    expect(discountedPrice(499, { kind: 'fixed', value: 100 })).toBe(399);
    expect(discountedPrice(899, { kind: 'fixed', value: 898 })).toBe(1);
  });

  it('never charges below ₹1, and never more than the price', () => {
    expect(discountedPrice(499, { kind: 'percent', value: 100 })).toBe(MIN_CHARGE_RUPEES);
    expect(discountedPrice(499, { kind: 'fixed', value: 5000 })).toBe(MIN_CHARGE_RUPEES);
    expect(discountedPrice(0, { kind: 'fixed', value: 50 })).toBe(0);
    expect(discountedPrice(1, { kind: 'percent', value: 50 })).toBe(1);
  });

  it('holds for every price and value (exhaustive over a grid): whole, ₹1 ≤ charge ≤ price, within half a rupee of exact, more off never costs more', () => {
    const failures: string[] = [];
    for (let price = 1; price <= 3000; price += 7) {
      let previous = price;
      for (let value = 1; value <= 100; value++) {
        const got = discountedPrice(price, { kind: 'percent', value });
        const exact = (price * (100 - value)) / 100;
        const ok =
          Number.isInteger(got) &&
          got >= MIN_CHARGE_RUPEES &&
          got <= price &&
          got <= previous &&
          (exact < MIN_CHARGE_RUPEES ? got === MIN_CHARGE_RUPEES : got - exact <= 0.5 && exact - got < 0.5);
        if (!ok) failures.push(`${price} ${value}% → ${got}`);
        previous = got;
      }
      for (const value of [1, 2, 50, price - 1, price, price + 1, 100_000]) {
        if (value < 1) continue;
        const got = discountedPrice(price, { kind: 'fixed', value });
        if (got !== Math.max(MIN_CHARGE_RUPEES, price - value)) failures.push(`${price} -₹${value} → ${got}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('says its terms in words, and prices only the tickets it applies to', () => {
    expect(couponSaving({ kind: 'percent', value: 10 })).toBe('10% off');
    expect(couponSaving({ kind: 'fixed', value: 1500 })).toBe('₹1,500 off');
    const event = { ticketPriceSingle: 499, ticketPriceCouple: 899, ticketPriceGroup: 749 };
    const couplesOnly = { kind: 'fixed' as const, value: 100, ticketTypes: ['couple' as const] };
    expect(chargedPrice(event, 'couple', couplesOnly)).toBe(799);
    expect(chargedPrice(event, 'male', couplesOnly)).toBeNull();
    expect(couponPrices(event, { kind: 'percent', value: 50, ticketTypes: null })).toEqual([
      { type: 'male', price: 499, discounted_price: 250 },
      { type: 'female', price: priceFor(event, 'female'), discounted_price: 156 },
      { type: 'couple', price: 899, discounted_price: 450 },
      { type: 'female_duo', price: 749, discounted_price: 375 },
    ]);
  });

  it('reads codes trimmed and upper-cased, letters, digits and dashes only, in the schema the form uses too', () => {
    expect(couponKey('  welcome-10 ')).toBe('WELCOME-10');
    const ok = v.parse(NewCoupon, { code: ' diwali-24 ', kind: 'fixed', value: 150, ticket_types: ['couple', 'male'] });
    expect(ok).toMatchObject({ code: 'DIWALI-24', ticket_types: ['male', 'couple'], active: true, event_id: null });
    const fieldOf = (body: unknown) => {
      const r = v.safeParse(NewCoupon, body);
      return r.success ? null : Object.fromEntries(r.issues.map((i) => [v.getDotPath(i), i.message]));
    };
    const base = { code: 'GOOD', kind: 'percent', value: 10 };
    expect(fieldOf({ ...base, code: 'no spaces' })).toEqual({ code: C.codeInvalid });
    expect(fieldOf({ ...base, code: 'AB' })).toEqual({ code: C.codeInvalid });
    expect(fieldOf({ ...base, value: 101 })).toEqual({ value: C.percentRange });
    expect(fieldOf({ ...base, kind: 'fixed', value: 0 })).toEqual({ value: C.valueInvalid });
    expect(fieldOf({ ...base, kind: 'fixed', value: 99.5 })).toEqual({ value: C.valueInvalid });
    expect(fieldOf({ ...base, ticket_types: [] })).toEqual({ ticket_types: C.ticketTypesInvalid });
    expect(fieldOf({ ...base, ticket_types: ['vip'] })).toEqual({ 'ticket_types.0': C.ticketTypesInvalid });
    expect(fieldOf({ ...base, max_redemptions: 0 })).toEqual({ max_redemptions: C.maxRedemptionsInvalid });
    expect(fieldOf({ ...base, expires_at: 'tomorrow' })).toEqual({ expires_at: C.expiresAtInvalid });
    expect(v.safeParse(CouponPatch, {}).success).toBe(false);
    expect(v.safeParse(CouponPatch, { code: 'RENAME' }).success).toBe(false);
  });
});

describe('the console: /api/admin/coupons', () => {
  it('creates a coupon (upper-cased) with its coupon.create audit row, and lists it with its dinner', async () => {
    const op = await operator();
    const event = await createEvent();
    const code = newCode('NEW');
    const expires = new Date(Date.now() + 7 * DAY).toISOString();
    const res = await call('POST', '/api/admin/coupons', op.cookie, {
      code: code.toLowerCase(),
      kind: 'fixed',
      value: 150,
      ticket_types: ['couple'],
      event_id: event.id,
      max_redemptions: 20,
      expires_at: expires,
    });
    expect(res.status).toBe(201);
    const { coupon } = (await res.json()) as { coupon: WireCoupon };
    expect(coupon).toMatchObject({
      code,
      kind: 'fixed',
      value: 150,
      ticket_types: ['couple'],
      event_id: event.id,
      event_title: event.title,
      max_redemptions: 20,
      expires_at: expires,
      active: true,
      redemptions: 0,
    });
    expect(await listed(op.cookie, code)).toEqual(coupon);
    const [audit] = await auditRows(code);
    expect(audit).toMatchObject({ actorId: op.userId, action: 'coupon.create', before: null });
    expect(JSON.parse(audit.after as string)).toMatchObject({
      code,
      kind: 'fixed',
      value: 150,
      ticket_types: 'couple',
    });
  });

  it('refuses invalid bodies with 400 and the field, and writes nothing', async () => {
    const op = await operator();
    const code = newCode('BAD');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ kind: 'percent', value: 101 }, 'value', C.percentRange],
      [{ kind: 'percent', value: 0 }, 'value', C.valueInvalid],
      [{ kind: 'fixed', value: -50 }, 'value', C.valueInvalid],
      [{ kind: 'fixed', value: 12.5 }, 'value', C.valueInvalid],
      [{ kind: 'half', value: 10 }, 'kind', C.kindInvalid],
      [{ kind: 'percent', value: 10, code: 'white space' }, 'code', C.codeInvalid],
      [{ kind: 'percent', value: 10, ticket_types: ['vip'] }, 'ticket_types', C.ticketTypesInvalid],
      [{ kind: 'percent', value: 10, max_redemptions: 0 }, 'max_redemptions', C.maxRedemptionsInvalid],
      [
        { kind: 'percent', value: 10, expires_at: new Date(Date.now() - 60_000).toISOString() },
        'expires_at',
        C.expiresInPast,
      ],
      [{ kind: 'percent', value: 10, event_id: 'no-such-dinner' }, 'event_id', C.eventUnknown],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', '/api/admin/coupons', op.cookie, { code, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const { error } = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
      expect(error.code).toBe('invalid_input');
      expect(error.fields[field], JSON.stringify(body)).toBe(message);
    }
    expect(await couponRows(code)).toEqual([]);
    expect(await auditRows(code)).toEqual([]);
  });

  it('answers 409 to a code already taken, whatever its case, and changes nothing', async () => {
    const op = await operator();
    const code = newCode('DUP');
    expect((await call('POST', '/api/admin/coupons', op.cookie, { code, kind: 'percent', value: 10 })).status).toBe(
      201,
    );
    const again = await call('POST', '/api/admin/coupons', op.cookie, {
      code: code.toLowerCase(),
      kind: 'fixed',
      value: 300,
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: { code: 'duplicate_code', message: C.duplicate, fields: { code: C.duplicate } },
    });
    expect(await couponRows(code)).toMatchObject([{ kind: 'percent', value: 10 }]);
    expect(await auditRows(code)).toHaveLength(1);
  });

  it('edits a coupon and switches it off, each with its coupon.update audit row (before → after); an edit that changes nothing writes nothing', async () => {
    const op = await operator();
    const code = newCode('EDIT');
    await call('POST', '/api/admin/coupons', op.cookie, { code, kind: 'percent', value: 10 });
    const edited = await call('PATCH', `/api/admin/coupons/${code.toLowerCase()}`, op.cookie, {
      value: 25,
      ticket_types: ['female', 'female_duo'],
      max_redemptions: 3,
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      changed: true,
      coupon: { code, value: 25, ticket_types: ['female', 'female_duo'], max_redemptions: 3 },
    });
    const off = await call('PATCH', `/api/admin/coupons/${code}`, op.cookie, { active: false });
    expect(await off.json()).toMatchObject({ changed: true, coupon: { active: false } });
    const same = await call('PATCH', `/api/admin/coupons/${code}`, op.cookie, { active: false });
    expect(await same.json()).toMatchObject({ changed: false, coupon: { active: false } });

    const updates = (await auditRows(code)).filter((a) => a.action === 'coupon.update');
    expect(updates).toHaveLength(2);
    const parsed = updates.map((a) => [JSON.parse(a.before as string), JSON.parse(a.after as string)]);
    expect(parsed).toContainEqual([
      { value: 10, ticket_types: null, max_redemptions: null },
      { value: 25, ticket_types: 'female, female_duo', max_redemptions: 3 },
    ]);
    expect(parsed).toContainEqual([{ active: true }, { active: false }]);
  });

  it('refuses an edit that would break a rule (percent over 100 by value alone, an unknown dinner, an expiry past) or names no coupon, and changes nothing', async () => {
    const op = await operator();
    const code = newCode('RULE');
    await call('POST', '/api/admin/coupons', op.cookie, { code, kind: 'percent', value: 10 });
    const over = await call('PATCH', `/api/admin/coupons/${code}`, op.cookie, { value: 150 });
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({ error: { fields: { value: C.percentRange } } });
    const dinner = await call('PATCH', `/api/admin/coupons/${code}`, op.cookie, { event_id: 'no-such-dinner' });
    expect(dinner.status).toBe(400);
    expect(await dinner.json()).toMatchObject({ error: { fields: { event_id: C.eventUnknown } } });
    const past = await call('PATCH', `/api/admin/coupons/${code}`, op.cookie, {
      expires_at: new Date(Date.now() - DAY).toISOString(),
    });
    expect(past.status).toBe(400);
    const missing = await call('PATCH', '/api/admin/coupons/NO-SUCH-CODE', op.cookie, { active: false });
    expect(missing.status).toBe(404);
    // Switching to rupees off makes 150 fine.
    const fixed = await call('PATCH', `/api/admin/coupons/${code}`, op.cookie, { kind: 'fixed', value: 150 });
    expect(fixed.status).toBe(200);
    expect(await couponRows(code)).toMatchObject([{ kind: 'fixed', value: 150, eventId: null, expiresAt: null }]);
    expect((await auditRows(code)).map((a) => a.action)).toEqual(
      expect.arrayContaining(['coupon.create', 'coupon.update']),
    );
    expect(await auditRows(code)).toHaveLength(2);
  });

  it('counts as redemptions the orders holding or owning seats with the coupon: a live hold and a paid order, not an expired hold', async () => {
    const op = await operator();
    const event = await createEvent({ capacity: 20 });
    const { code } = await insertCoupon({ kind: 'fixed', value: 50, maxRedemptions: 10 });
    const orders = [];
    for (let i = 0; i < 3; i++) {
      const guest = await createGuest();
      const res = await postOrder(guest.cookie, { event_id: event.id, ticket_type: 'male', coupon: code });
      expect(res.status).toBe(201);
      orders.push(((await res.json()) as CheckoutResponse).order.id);
    }
    expect(await listed(op.cookie, code)).toMatchObject({ redemptions: 3, max_redemptions: 10 });
    await expireHold(orders[0]);
    // A paid order owns its seat after its hold's end.
    await expireHold(orders[1]);
    await db(env.DB).update(paymentOrders).set({ status: 'paid' }).where(eq(paymentOrders.razorpayOrderId, orders[1]));
    expect(await listed(op.cookie, code)).toMatchObject({ redemptions: 2 });
  });
});

describe('an order with a coupon', () => {
  it('is charged the discounted price, computed on the server, with the coupon on the order and the Razorpay order', async () => {
    const event = await createEvent({ ticketPriceSingle: 499, ticketPriceCouple: 899 });
    const percent = await insertCoupon({ kind: 'percent', value: 20 });
    const fixed = await insertCoupon({ kind: 'fixed', value: 150, ticketTypes: JSON.stringify(['couple']) });

    const a = await createGuest();
    const res = await postOrder(a.cookie, {
      event_id: event.id,
      ticket_type: 'male',
      coupon: ` ${percent.code.toLowerCase()} `,
      amount: 1,
    });
    expect(res.status).toBe(201);
    const first = (await res.json()) as CheckoutResponse;
    expect(first.order.amount).toBe(399);
    expect(first.checkout.amount_paise).toBe(39900);
    const rzp = await razorpayGet<{ amount: number; notes: Record<string, string> }>(`/v1/orders/${first.order.id}`);
    expect(rzp.amount).toBe(39900);
    expect(rzp.notes.coupon).toBe(percent.code);
    expect(await orderRow(first.order.id)).toMatchObject({ amount: 399, couponCode: percent.code });

    const b = await createGuest();
    const couple = await postOrder(b.cookie, { event_id: event.id, ticket_type: 'couple', coupon: fixed.code });
    expect(((await couple.json()) as CheckoutResponse).order.amount).toBe(749);
  });

  it('the guest’s check answers every ticket’s price and discounted price from the server (null where it does not apply)', async () => {
    const guest = await createGuest();
    const event = await createEvent({ ticketPriceSingle: 500, ticketPriceCouple: 900, ticketPriceGroup: 800 });
    const { code } = await insertCoupon({
      kind: 'percent',
      value: 10,
      ticketTypes: JSON.stringify(['female', 'couple']),
      eventId: event.id,
    });
    const res = await validate(guest.cookie, code.toLowerCase(), event.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      valid: true,
      code,
      kind: 'percent',
      value: 10,
      ticket_types: [
        { type: 'male', price: 500, discounted_price: null },
        { type: 'female', price: 313, discounted_price: 282 },
        { type: 'couple', price: 900, discounted_price: 810 },
        { type: 'female_duo', price: 800, discounted_price: null },
      ],
    });
  });

  it('is refused with the one invalid-coupon message for a wrong ticket, another dinner, an expired, a paused or an unknown code, and nothing is held', async () => {
    const event = await createEvent();
    const other = await createEvent();
    const guest = await createGuest();
    const couplesOnly = await insertCoupon({ ticketTypes: JSON.stringify(['couple']) });
    const otherDinner = await insertCoupon({ eventId: other.id });
    const expired = await insertCoupon({ expiresAt: new Date(Date.now() - 60_000).toISOString() });
    const paused = await insertCoupon({ active: false });
    const cases: Array<[string, string]> = [
      [couplesOnly.code, 'male'],
      [otherDinner.code, 'male'],
      [expired.code, 'male'],
      [paused.code, 'male'],
      ['NEVER-MADE', 'male'],
    ];
    for (const [code, ticket] of cases) {
      await expectInvalidCoupon(
        await postOrder(guest.cookie, { event_id: event.id, ticket_type: ticket, coupon: code }),
      );
    }
    for (const code of [otherDinner.code, expired.code, paused.code, 'NEVER-MADE']) {
      await expectInvalidCoupon(await validate(guest.cookie, code, event.id));
    }
    expect(await seatsTaken(db(env.DB), event.id)).toBe(0);
    // The couples-only code is good for a couple, on this dinner.
    expect(
      (await postOrder(guest.cookie, { event_id: event.id, ticket_type: 'couple', coupon: couplesOnly.code })).status,
    ).toBe(201);
  });

  it('50 concurrent orders on a coupon capped at 5: exactly 5 hold it, the other 45 are told the coupon is not valid', async () => {
    const event = await createEvent({ capacity: 100 });
    const { code } = await insertCoupon({ kind: 'percent', value: 50, maxRedemptions: 5 });
    const guests = await Promise.all(Array.from({ length: 50 }, () => createGuest()));
    const responses = await Promise.all(
      guests.map((g) => postOrder(g.cookie, { event_id: event.id, ticket_type: 'male', coupon: code })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 400)).toHaveLength(45);
    for (const r of responses.filter((x) => x.status === 400)) await expectInvalidCoupon(r);
    const held = await db(env.DB).select().from(paymentOrders).where(eq(paymentOrders.couponCode, code));
    expect(held).toHaveLength(5);
    expect(held.every((o) => o.amount === 250)).toBe(true);
    expect(await seatsTaken(db(env.DB), event.id)).toBe(5);
    // Without the coupon, seats are still there (for a guest the coupon refused, who holds none).
    const refused = guests[statuses.indexOf(400)];
    expect((await postOrder(refused.cookie, { event_id: event.id, ticket_type: 'male' })).status).toBe(201);
  });

  it('a guest who presses Book Now again with the same coupon gets the order they hold back, even at the cap', async () => {
    const event = await createEvent();
    const { code } = await insertCoupon({ kind: 'percent', value: 20, maxRedemptions: 1 });
    const a = await createGuest();
    const first = await postOrder(a.cookie, { event_id: event.id, ticket_type: 'male', coupon: code });
    expect(first.status).toBe(201);
    const placed = (await first.json()) as CheckoutResponse;

    // The checkout was closed; Book Now again: the same Razorpay order, amount and hold.
    const again = await postOrder(a.cookie, { event_id: event.id, ticket_type: 'male', coupon: code.toLowerCase() });
    expect(again.status).toBe(201);
    const replay = (await again.json()) as CheckoutResponse;
    expect(replay.order).toEqual(placed.order);
    expect(replay.checkout.amount_paise).toBe(placed.checkout.amount_paise);
    expect(await db(env.DB).select().from(paymentOrders).where(eq(paymentOrders.couponCode, code))).toHaveLength(1);

    // Another guest would be a second redemption: refused. The same guest for another ticket waits
    // for their live hold on this dinner (one per guest and dinner).
    await expectInvalidCoupon(
      await postOrder((await createGuest()).cookie, { event_id: event.id, ticket_type: 'male', coupon: code }),
    );
    const otherTicket = await postOrder(a.cookie, { event_id: event.id, ticket_type: 'couple', coupon: code });
    expect(otherTicket.status).toBe(409);
    expect(await otherTicket.json()).toMatchObject({ error: { code: 'hold_exists' } });

    // However little of the hold is left, Book Now answers the same order: a new one could not be
    // held beside it, and it still redeems the coupon.
    await db(env.DB)
      .update(paymentOrders)
      .set({ holdExpiresAt: new Date(Date.now() + 60_000).toISOString() })
      .where(eq(paymentOrders.couponCode, code));
    const late = await postOrder(a.cookie, { event_id: event.id, ticket_type: 'male', coupon: code });
    expect(late.status).toBe(201);
    expect(((await late.json()) as CheckoutResponse).order.id).toBe(placed.order.id);
  });

  it('an expired hold gives its redemption back (the cron marks it expired)', async () => {
    const event = await createEvent();
    const { code } = await insertCoupon({ maxRedemptions: 1 });
    const a = await createGuest();
    const b = await createGuest();
    const first = await postOrder(a.cookie, { event_id: event.id, ticket_type: 'male', coupon: code });
    expect(first.status).toBe(201);
    const { order } = (await first.json()) as CheckoutResponse;
    await expectInvalidCoupon(await postOrder(b.cookie, { event_id: event.id, ticket_type: 'male', coupon: code }));
    await expectInvalidCoupon(await validate(b.cookie, code, event.id));

    await expireHold(order.id);
    await handleScheduled({} as ScheduledController, env);
    expect((await orderRow(order.id)).status).toBe('expired');
    expect((await validate(b.cookie, code, event.id)).status).toBe(200);
    expect((await postOrder(b.cookie, { event_id: event.id, ticket_type: 'male', coupon: code })).status).toBe(201);
  });

  it('a failed order gives its redemption back once its hold is over (a failed attempt inside the hold keeps it: the guest may retry)', async () => {
    const event = await createEvent();
    const { code } = await insertCoupon({ maxRedemptions: 1 });
    const a = await createGuest();
    const b = await createGuest();
    const res = await postOrder(a.cookie, { event_id: event.id, ticket_type: 'male', coupon: code });
    const { order, checkout } = (await res.json()) as CheckoutResponse;
    const failed = failedPayment(order.id, 'pay_cpnFail0001', checkout.amount_paise);
    expect((await postWebhook('payment.failed', failed)).status).toBe(200);
    expect((await orderRow(order.id)).status).toBe('created');
    await expectInvalidCoupon(await postOrder(b.cookie, { event_id: event.id, ticket_type: 'male', coupon: code }));

    await expireHold(order.id, 16);
    expect((await postWebhook('payment.failed', { ...failed, id: 'pay_cpnFail0002' })).status).toBe(200);
    expect((await orderRow(order.id)).status).toBe('failed');
    expect((await postOrder(b.cookie, { event_id: event.id, ticket_type: 'male', coupon: code })).status).toBe(201);
  });

  it('is priced by the coupon as it is now, and a coupon switched off between the read and the hold is refused by the hold itself', async () => {
    const event = await createEvent();
    const { code } = await insertCoupon({ kind: 'fixed', value: 100 });
    const guest = await createGuest();
    expect((await validate(guest.cookie, code, event.id)).status).toBe(200);
    await db(env.DB).update(coupons).set({ value: 200 }).where(eq(coupons.code, code));
    const res = await postOrder(guest.cookie, { event_id: event.id, ticket_type: 'male', coupon: code });
    expect(((await res.json()) as CheckoutResponse).order.amount).toBe(299);

    // The operator pauses it while another guest's Razorpay order is being created (after the read).
    const other = await createGuest();
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input instanceof Request ? input.url : input).endsWith('/v1/orders'))
        await db(env.DB).update(coupons).set({ active: false }).where(eq(coupons.code, code));
      return realFetch(input, init);
    }) as typeof fetch;
    try {
      await expect(
        placeOrderDirect(env, db(env.DB), {
          userId: other.userId,
          eventId: event.id,
          ticketType: 'male',
          coupon: code,
        }),
      ).rejects.toMatchObject({ status: 400, code: 'invalid_coupon', message: INVALID });
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(await seatsTaken(db(env.DB), event.id)).toBe(1);
  });
});
