/**
 * Demo data: a Gurugram dinner on each of the next four Saturdays (₹499 single), and Noida and
 * Delhi NCR present but unavailable. Idempotent: fixed ids and INSERT OR IGNORE, so a second run
 * changes nothing. Usage: `node db/seed.ts [--persist-to DIR]` (always the local D1).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const IST_OFFSET_MIN = 330;

/** The next `count` Saturdays strictly after `from`, as IST calendar dates yyyy-MM-dd. */
export function nextSaturdays(from: Date, count: number): string[] {
  const ist = new Date(from.getTime() + IST_OFFSET_MIN * 60_000);
  const day = ist.getUTCDay();
  const ahead = (6 - day + 7) % 7 || 7;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const d = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate() + ahead + i * 7));
    out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

/** 7:00 PM IST on an IST date, as a UTC instant. */
export const startsAtUtc = (date: string) => new Date(`${date}T19:00:00+05:30`).toISOString();
/** 10:00 PM IST on an IST date, as a UTC instant: a seeded dinner runs SPEC's 7:00 PM - 10:00 PM. */
export const endsAtUtc = (date: string) => new Date(`${date}T22:00:00+05:30`).toISOString();

const q = (s: string | number | null) =>
  s === null ? 'NULL' : typeof s === 'number' ? String(s) : `'${s.replace(/'/g, "''")}'`;

export function seedSql(now = new Date()): string {
  const rows: string[] = [];
  const insert = (e: Record<string, string | number | null>) =>
    rows.push(
      `INSERT OR IGNORE INTO events (${Object.keys(e).join(', ')}) VALUES (${Object.values(e).map(q).join(', ')});`,
    );
  for (const date of nextSaturdays(now, 4)) {
    insert({
      id: `gurugram-${date}`,
      city: 'gurugram',
      title: 'Saturday Night Soirée — Gurugram',
      description:
        'Six to eight curious strangers, one long table in the heart of Gurugram, and a host who keeps the conversation flowing from the first toast to the last dessert.',
      location: 'Gurugram',
      date,
      starts_at: startsAtUtc(date),
      ends_at: endsAtUtc(date),
      image_url: '/images/events/gurugram.svg',
      available: 1,
      ticket_price_single: 499,
      ticket_price_couple: 899,
      ticket_price_group: 749,
      capacity: 8,
      venue_name: 'The Courtyard Table',
      venue_address: 'Galleria Market, DLF Phase IV, Gurugram, Haryana 122009',
    });
  }
  const [first] = nextSaturdays(now, 1);
  for (const [city, title, location] of [
    ['noida', 'Sunday Supper Club — Noida', 'Noida'],
    ['delhi-ncr', 'Saturday Night Soirée — Delhi NCR', 'Delhi NCR'],
  ] as const) {
    insert({
      id: `${city}-launch`,
      city,
      title,
      description: `Tablemates is coming to ${location}. Tap “Notify Me” and we will tell you on WhatsApp before the first table is laid.`,
      location,
      date: first,
      starts_at: startsAtUtc(first),
      ends_at: endsAtUtc(first),
      image_url: `/images/events/${city}.svg`,
      available: 0,
      ticket_price_single: 499,
      ticket_price_couple: 899,
      ticket_price_group: 749,
      capacity: 8,
      venue_name: null,
      venue_address: null,
    });
  }
  return rows.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const persist = args.includes('--persist-to') ? ['--persist-to', args[args.indexOf('--persist-to') + 1]] : [];
  const file = join(mkdtempSync(join(tmpdir(), 'tablemates-seed-')), 'seed.sql');
  writeFileSync(file, seedSql());
  execFileSync('wrangler', ['d1', 'execute', 'DB', '--local', ...persist, '--file', file], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  console.log('Seeded demo events (Gurugram: next four Saturdays; Noida and Delhi NCR: coming soon).');
}
