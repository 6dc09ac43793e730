/// <reference types="node" />
/**
 * One ledger for seats and money (issue 19, docs/decisions/024-one-ledger.md): only
 * `worker/services/ledger/` writes `payment_orders` (orders, holds, payments and coupon
 * redemptions, which are orders that carry a coupon), `event_bookings`, and since issue 20 the
 * money and seats beside them: `credit_entries` (credit) and `waitlist_entries` (offers hold seats,
 * docs/decisions/027). Every other file of the
 * Worker and `db/` may read them, never write them. Read as text, like import-boundaries.test.ts:
 * raw SQL (`INSERT INTO`, `INSERT OR IGNORE INTO`, `UPDATE`, `DELETE FROM`, `REPLACE INTO`) and
 * drizzle's builder (`.insert(…)`, `.update(…)`, `.delete(…)` on `paymentOrders` / `eventBookings`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = normalize(join(dirname(fileURLToPath(import.meta.url)), '../..'));
const LEDGER = 'worker/services/ledger/';

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const RAW_WRITE =
  /\b(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+[`"]?(payment_orders|event_bookings|credit_entries|waitlist_entries)\b/gi;
const BUILDER_WRITE = /\.(insert|update|delete)\(\s*(paymentOrders|eventBookings|creditEntries|waitlistEntries)\s*\)/g;

/** Every write to the two tables in `text`, as `line: statement` (comments included: a comment that reads like a write is worth a look too). */
function writesIn(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(RAW_WRITE)) found.push(`${i + 1}: ${m[0]}`);
    for (const m of line.matchAll(BUILDER_WRITE)) found.push(`${i + 1}: ${m[0]}`);
  });
  return found;
}

describe('only the ledger writes orders, bookings, coupon redemptions, credit and the waitlist', () => {
  it('finds the writes it looks for (raw SQL and drizzle builder alike)', () => {
    expect(writesIn('await d.run(sql`UPDATE payment_orders SET status = 1`)')).toHaveLength(1);
    expect(writesIn('sql`INSERT OR IGNORE INTO event_bookings (id) VALUES (1)`')).toHaveLength(1);
    expect(writesIn('d.update(eventBookings).set({})')).toHaveLength(1);
    expect(writesIn('d.insert(paymentOrders).values({})')).toHaveLength(1);
    expect(writesIn('d.delete(eventBookings)')).toHaveLength(1);
    expect(writesIn('d.insert(creditEntries).values({})')).toHaveLength(1);
    expect(writesIn('sql`UPDATE waitlist_entries SET status = 1`')).toHaveLength(1);
    expect(writesIn('d.select().from(paymentOrders); sql`SELECT * FROM event_bookings`')).toEqual([]);
  });

  it('no file of the Worker or db/ outside worker/services/ledger/ writes them', () => {
    const outside = [...sourceFiles('worker'), ...sourceFiles('db')].filter((f) => !f.startsWith(LEDGER));
    const offenders = outside.flatMap((file) =>
      writesIn(readFileSync(join(root, file), 'utf8')).map((w) => `${file}:${w}`),
    );
    expect(offenders).toEqual([]);
  });

  it('no file outside the ledger refunds a payment (Razorpay refunds move rupees too)', () => {
    const outside = [...sourceFiles('worker'), ...sourceFiles('db')].filter(
      (f) => !f.startsWith(LEDGER) && !f.startsWith('worker/providers/'),
    );
    const refunds = outside.filter((file) => /\brefundPayment\(/.test(readFileSync(join(root, file), 'utf8')));
    expect(refunds).toEqual([]);
  });

  it('the ledger is where they are written', () => {
    const inside = sourceFiles(LEDGER.slice(0, -1));
    const writes = inside.flatMap((file) => writesIn(readFileSync(join(root, file), 'utf8')));
    expect(writes.length).toBeGreaterThan(10);
  });
});
