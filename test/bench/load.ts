/**
 * `npm run bench:load`: throughput and latency of the booking path on the local stack, and the
 * oversell check under load. Loopback only and bounded (fixed request counts, a hard timeout).
 *
 *   1. GET  /api/events         — against the floor (issue 23): a bare Worker making one D1 SELECT of
 *                                 the same dinners (test/bench/floor.ts) on its own `wrangler dev`, with
 *                                 the same D1 data, twice: with our `[assets]` section, so the static
 *                                 assets' router sits in front of it as it does of ours (the floor the
 *                                 target holds, docs/decisions/037), and bare. The two floors,
 *                                 /api/events and /api/health take turns, in LOAD_ROUNDS rounds of
 *                                 LOAD_GET_REQUESTS requests each on 50 concurrent connections (the
 *                                 order rotating each round), so a busy machine slows all four alike;
 *                                 each round's req/s ratios are taken, and the median of /api/events
 *                                 over the floor with assets is held to ≥ 0.9 (PASS/FAIL; FAIL exits 1).
 *                                 `-- --reads` runs this comparison alone.
 *   2. POST /api/orders         — 50 concurrent connections, LOAD_POST_REQUESTS requests, one signed-in
 *                                 guest each, on a large event (each also creates a sandbox Razorpay order)
 *   3. Oversell                 — 200 guests at once on an 8-seat event: exactly 8 may win
 *   4. Last seats               — 200 guests pay for the last 8 seats (8 of them hold those seats, 192 pay
 *                                 after their hold ran out), each after a failed attempt whose payment.failed
 *                                 webhook arrives at a random moment: exactly the 8 holders are booked, no
 *                                 booked payment is refunded, every other payment is refunded exactly once
 *
 * Guests are written straight into the local D1 (users, sessions, complete profiles) and their
 * access tokens minted with the same claims the session core uses, so no SMS round-trips skew
 * the numbers. Ports: LOAD_WORKER_PORT (8854) / LOAD_SANDBOX_PORT (8855) / LOAD_FLOOR_PORT (8856, and
 * the one after it for the bare floor).
 * Exits 1 if oversold or under the floor's ratio.
 * Runs under Node 22's type stripping (`.ts` import extensions, no enums).
 */
import { type ChildProcess, type ExecFileSyncOptions, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { localVars, root, startStack } from '../stack/stack.ts';

const workerPort = Number(process.env.LOAD_WORKER_PORT ?? 8854);
const sandboxPort = Number(process.env.LOAD_SANDBOX_PORT ?? 8855);
const floorPort = Number(process.env.LOAD_FLOOR_PORT ?? 8856);
const GET_REQUESTS = Number(process.env.LOAD_GET_REQUESTS ?? 1000);
const ROUNDS = Math.max(1, Number(process.env.LOAD_ROUNDS ?? 6) || 6);
/** Issue 23: `GET /api/events` serves at least this share of the floor's requests per second. */
const FLOOR_RATIO_TARGET = 0.9;
const READS_ONLY = process.argv.includes('--reads');
const POST_REQUESTS = Number(process.env.LOAD_POST_REQUESTS ?? 1000);
const CONCURRENCY = 50;
const OVERSELL_GUESTS = 200;
const OVERSELL_CAPACITY = 8;
const LAST_GUESTS = Number(process.env.LOAD_LAST_GUESTS ?? 200);
const LAST_SEATS = 8;
/** A failed attempt's webhook arrives up to this long after the attempt (so often after the capture). */
const FAILED_WEBHOOK_MAX_DELAY_MS = 3000;
const SETTLE_TIMEOUT_MS = 5 * 60_000;
const OVERALL_TIMEOUT_MS = 15 * 60_000;

const base = `http://127.0.0.1:${workerPort}`;
const persistTo = join(root, `.wrangler/load-state-${workerPort}`);
const floorConfig = join(root, 'test/bench/floor.wrangler.toml');
/** The floor with our `[assets]` (what the target holds to) and the bare one (for reference). */
const FLOORS = [
  { key: 'floor', assets: true, port: floorPort },
  { key: 'bare', assets: false, port: floorPort + 1 },
] as const;
type Floor = (typeof FLOORS)[number];
const floorBase = (floor: Floor) => `http://127.0.0.1:${floor.port}`;

const q = (s: string | number) => (typeof s === 'number' ? String(s) : `'${s.replace(/'/g, "''")}'`);

type Guest = { id: string; cookie: string };

/** Users, live sessions and complete profiles, inserted into the local D1 in one file. */
async function createGuests(
  prefix: string,
  count: number,
  secret: string,
): Promise<{ sql: string[]; guests: Guest[] }> {
  const sql: string[] = [];
  const guests: Guest[] = [];
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  const key = new TextEncoder().encode(secret);
  for (let i = 0; i < count; i++) {
    const id = `${prefix}-user-${i}`;
    const sid = `${prefix}-session-${i}`;
    // A leading digit per group keeps phones unique across groups.
    const phone = `+91${{ rate: '8', race: '7' }[prefix] ?? '6'}${String(i).padStart(9, '0')}`;
    sql.push(`INSERT INTO users (id, phone) VALUES (${q(id)}, ${q(phone)});`);
    sql.push(`INSERT INTO sessions (id, user_id, expires_at) VALUES (${q(sid)}, ${q(id)}, ${q(expires)});`);
    sql.push(
      `INSERT INTO user_profiles (id, user_id, full_name, email, phone_number) VALUES (${q(`${prefix}-profile-${i}`)}, ${q(id)}, 'Load Guest', ${q(`${prefix}-${i}@example.com`)}, ${q(phone)});`,
    );
    const token = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(id)
      .setIssuer('tablemates')
      .setAudience('tablemates-web')
      .setIssuedAt()
      .setExpirationTime('30m')
      .sign(key);
    guests.push({ id, cookie: `tm_at=${token}` });
  }
  return { sql, guests };
}

function eventSql(id: string, capacity: number): string {
  const startsAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
  return `INSERT INTO events (id, city, title, description, location, date, starts_at, image_url, available, ticket_price_single, ticket_price_couple, ticket_price_group, capacity)
    VALUES (${q(id)}, ${q(`load-${id}`)}, 'Load test dinner', 'Load test', 'Gurugram', ${q(startsAt.slice(0, 10))}, ${q(startsAt)}, '/images/events/gurugram.svg', 1, 499, 899, 749, ${capacity});`;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** `total` requests over `concurrency` connections; latency per request, wall time overall. */
async function run(label: string, total: number, concurrency: number, send: (i: number) => Promise<Response>) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        // A dropped connection is counted (status 0) rather than ending the run.
        const status = await send(i).then(
          async (res) => {
            await res.arrayBuffer();
            return res.status;
          },
          () => 0,
        );
        latencies.push(performance.now() - t0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const line = `${label.padEnd(34)} ${String(total).padStart(5)} req  ${(total / seconds).toFixed(0).padStart(6)} req/s  p50 ${percentile(latencies, 50).toFixed(1).padStart(6)} ms  p99 ${percentile(latencies, 99).toFixed(1).padStart(6)} ms  statuses ${JSON.stringify(Object.fromEntries(statuses))}`;
  console.log(line);
  return { statuses, rps: total / seconds };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * The floor's config with the Worker's own `[assets]` section (wrangler.toml) added, so that floor
 * pays what every request to ours pays before our code runs: the static assets' router in front of
 * the Worker (docs/decisions/037-the-api-against-its-floor.md). Written beside floor.wrangler.toml
 * (ignored by git), so its relative paths hold and wrangler keeps its state in the usual place.
 */
function floorConfigWithAssets(): string {
  const app = readFileSync(join(root, 'wrangler.toml'), 'utf8');
  const assets = /^\[assets\]\r?\n(?:(?!\[).*(?:\r?\n|$))*/m.exec(app)?.[0];
  if (!assets) throw new Error('wrangler.toml has no [assets] section for the floor to share');
  const path = join(root, 'test/bench/floor-with-assets.wrangler.toml');
  const directory = assets.replace(/^directory = "(.*)"/m, (_, dir: string) => `directory = "../../${dir}"`);
  writeFileSync(path, `${readFileSync(floorConfig, 'utf8')}\n${directory}`);
  return path;
}

/**
 * A floor Worker (test/bench/floor.ts) on its own `wrangler dev`, over a D1 of its own that holds
 * what the stack's holds: the same migrations, the same seed and the same `load.sql`. Its own
 * database rather than the stack's file, so two workerd processes never share one SQLite file.
 */
async function startFloor(floor: Floor, loadSql: string): Promise<() => void> {
  const floorPersistTo = join(root, `.wrangler/load-floor-state-${floor.port}`);
  rmSync(floorPersistTo, { recursive: true, force: true });
  const persist = ['--persist-to', floorPersistTo];
  const quiet: ExecFileSyncOptions = { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] };
  // The Worker's own config for D1: the floor's names the same database id, so it reads this file.
  execFileSync('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', ...persist], quiet);
  execFileSync('node', ['db/seed.ts', ...persist], quiet);
  execFileSync('wrangler', ['d1', 'execute', 'DB', '--local', ...persist, '--file', loadSql], quiet);
  const child: ChildProcess = spawn(
    'wrangler',
    [
      'dev',
      '--config',
      floor.assets ? floorConfigWithAssets() : floorConfig,
      '--port',
      String(floor.port),
      '--ip',
      '127.0.0.1',
      '--show-interactive-dev-session=false',
      '--log-level',
      'warn',
      ...persist,
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CI: process.env.CI ?? '' } },
  );
  const stop = () => {
    child.kill('SIGTERM');
  };
  const until = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`floor wrangler dev exited with code ${child.exitCode}`);
    const ok = await fetch(floorBase(floor)).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return stop;
    if (Date.now() > until) {
      stop();
      throw new Error(`timed out waiting for the floor Worker on ${floorBase(floor)}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU milliseconds the workerd processes serving `port` have used so far: the one listening there
 * and its siblings under the same `wrangler dev` (the proxy and the runtime). Read from /proc, so
 * Linux only; null elsewhere or when they cannot be found. A runtime restarted by a file change
 * starts again from zero, which the caller drops.
 */
function workerdCpuMs(port: number): number | null {
  try {
    const pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
    const fields = (pid: string) => {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    };
    const isWorkerd = (pid: string) => readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'workerd';
    const entry = pids.find((pid) => {
      try {
        return (
          isWorkerd(pid) &&
          readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(`--socket-addr=entry=127.0.0.1:${port}\0`)
        );
      } catch {
        return false;
      }
    });
    if (!entry) return null;
    const parent = fields(entry)[1];
    let ticks = 0;
    for (const pid of pids) {
      try {
        if (!isWorkerd(pid)) continue;
        const f = fields(pid);
        if (f[1] === parent) ticks += Number(f[11]) + Number(f[12]);
      } catch {}
    }
    return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * The two floors, `/api/events` and `/api/health` in turns, ROUNDS rounds, the order rotating each
 * round. A round's ratio is its req/s over a floor's in the same round; the medians are reported,
 * and `/api/events` over the floor with assets is held to {@link FLOOR_RATIO_TARGET}. Every answer
 * must be a 200, or the ratio would be measuring errors.
 */
async function compareWithFloor(): Promise<boolean> {
  const targets = [
    ...FLOORS.map((floor) => ({
      key: floor.key,
      label: `GET  floor, ${floor.assets ? 'with our assets router' : 'bare'}`,
      url: `${floorBase(floor)}/`,
      port: floor.port,
    })),
    { key: 'events', label: 'GET  /api/events', url: `${base}/api/events`, port: workerPort },
    { key: 'health', label: 'GET  /api/health', url: `${base}/api/health`, port: workerPort },
  ] as const;
  type Key = (typeof targets)[number]['key'];
  const rps: Record<Key, number[]> = { floor: [], bare: [], events: [], health: [] };
  const cpu: Record<Key, number[]> = { floor: [], bare: [], events: [], health: [] };
  let failed = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const order = targets.map((_, i) => targets[(i + round) % targets.length]);
    for (const t of order) {
      const before = workerdCpuMs(t.port);
      const result = await run(`${t.label} r${round + 1}`, GET_REQUESTS, CONCURRENCY, () => fetch(t.url));
      const after = workerdCpuMs(t.port);
      rps[t.key].push(result.rps);
      if (before !== null && after !== null && after >= before) cpu[t.key].push((after - before) / GET_REQUESTS);
      failed += GET_REQUESTS - (result.statuses.get(200) ?? 0);
    }
  }
  if (Object.values(cpu).every((xs) => xs.length))
    console.log(
      `  workerd CPU per request (median; steadier than req/s on a busy machine): floor ${median(cpu.floor).toFixed(2)} ms (bare ${median(cpu.bare).toFixed(2)} ms), /api/events ${median(cpu.events).toFixed(2)} ms (floor ÷ events ${(median(cpu.floor) / median(cpu.events)).toFixed(2)}, bare ÷ events ${(median(cpu.bare) / median(cpu.events)).toFixed(2)}), /api/health ${median(cpu.health).toFixed(2)} ms`,
    );
  const ratios = (key: Key, over: Key) => rps[key].map((x, i) => x / rps[over][i]);
  const fmt = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(' ');
  for (const [key, over] of [
    ['events', 'floor'],
    ['events', 'bare'],
    ['health', 'floor'],
    ['floor', 'bare'],
  ] as const)
    console.log(`  ${key} ÷ ${over} per round: ${fmt(ratios(key, over))}`);
  const events = median(ratios('events', 'floor'));
  const ok = events >= FLOOR_RATIO_TARGET && failed === 0;
  console.log(
    `${ok ? 'PASS' : 'FAIL'}  GET /api/events at ${events.toFixed(2)}× the floor's req/s (median of ${ROUNDS} rounds; floor median ${median(rps.floor).toFixed(0)} req/s; target ≥ ${FLOOR_RATIO_TARGET}×)${failed ? `; ${failed} answers were not 200` : ''}`,
  );
  console.log(
    `      GET /api/events at ${median(ratios('events', 'bare')).toFixed(2)}× the bare floor's (no assets router; for reference)`,
  );
  console.log(
    `      GET /api/health at ${median(ratios('health', 'floor')).toFixed(2)}× the floor's req/s (for reference: no D1 at all)`,
  );
  console.log(
    `      the assets router alone: the floor at ${median(ratios('floor', 'bare')).toFixed(2)}× the bare floor's req/s`,
  );
  return ok;
}

async function main() {
  rmSync(persistTo, { recursive: true, force: true });
  const vars = localVars(workerPort, sandboxPort);
  const stack = await startStack({ workerPort, sandboxPort, persistTo, inlineVars: true, quiet: true });
  const stopFloors: Array<() => void> = [];
  const stopFloor = () => {
    for (const stop of stopFloors.splice(0)) stop();
  };
  try {
    // One guest per order: a guest may hold at most two live holds per event (429 beyond that).
    const rate = await createGuests('rate', POST_REQUESTS, vars.SESSION_SECRET);
    const race = await createGuests('race', OVERSELL_GUESTS, vars.SESSION_SECRET);
    const last = await createGuests('last', LAST_GUESTS, vars.SESSION_SECRET);
    const dir = mkdtempSync(join(tmpdir(), 'tablemates-load-'));
    const file = join(dir, 'load.sql');
    writeFileSync(
      file,
      [
        eventSql('load-big', 1_000_000),
        eventSql('load-eight', OVERSELL_CAPACITY),
        eventSql('load-last', LAST_GUESTS),
        ...rate.sql,
        ...race.sql,
        ...last.sql,
      ].join('\n'),
    );
    execFileSync('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--file', file], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });

    const headers = (cookie: string) => ({ 'Content-Type': 'application/json', Origin: base, Cookie: cookie });
    const order = (guest: Guest, eventId: string) =>
      fetch(`${base}/api/orders`, {
        method: 'POST',
        headers: headers(guest.cookie),
        body: JSON.stringify({ event_id: eventId, ticket_type: 'male' }),
      });

    for (const floor of FLOORS) stopFloors.push(await startFloor(floor, file));

    // Warm-up: the first requests compile each Worker and open its D1.
    for (const url of [`${base}/api/events`, `${base}/api/health`, ...FLOORS.map((f) => `${floorBase(f)}/`)])
      await Promise.all(Array.from({ length: 20 }, () => fetch(url).then((r) => r.arrayBuffer())));

    const [load1] = loadavg();
    console.log(
      `Load on ${base} (wrangler dev, local D1, sandbox Razorpay on :${sandboxPort}), floors on ${FLOORS.map(floorBase).join(' and ')}; ${CONCURRENCY} concurrent connections; machine: ${cpus().length} CPUs, load average ${load1.toFixed(1)}`,
    );
    if (!(await compareWithFloor())) process.exitCode = 1;
    stopFloor();
    if (READS_ONLY) return;
    const posts = await run('POST /api/orders', POST_REQUESTS, CONCURRENCY, (i) => order(rate.guests[i], 'load-big'));
    if ((posts.statuses.get(201) ?? 0) !== POST_REQUESTS)
      console.log('  note: not every order answered 201 (see statuses)');

    const started = performance.now();
    const results = await Promise.all(
      race.guests.map((g) =>
        order(g, 'load-eight').then(
          async (r) => ({ status: r.status, body: await r.text() }),
          () => ({ status: 0, body: '' }),
        ),
      ),
    );
    const ms = performance.now() - started;
    const won = results.filter((r) => r.status === 201).length;
    const soldOut = results.filter((r) => r.status === 409 && r.body.includes('Sold out')).length;
    const detail = (await (await fetch(`${base}/api/events/load-eight`)).json()) as { event: { seats_left: number } };
    const ok =
      won === OVERSELL_CAPACITY && soldOut === OVERSELL_GUESTS - OVERSELL_CAPACITY && detail.event.seats_left === 0;
    console.log(
      `Oversell check: ${OVERSELL_GUESTS} concurrent orders for ${OVERSELL_CAPACITY} seats → ${won} held, ${soldOut} 'Sold out', seats_left ${detail.event.seats_left} (${ms.toFixed(0)} ms) ${ok ? 'PASS' : 'FAIL'}`,
    );
    if (!ok) process.exitCode = 1;

    if (!(await lastSeats(last.guests, headers, order, stack.sandboxUrl))) process.exitCode = 1;
  } finally {
    stopFloor();
    await stack.stop();
  }
}

/** Runs `work` over `items` on `concurrency` connections. */
async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/**
 * Scenario 4: every guest holds an order on 'load-last' (capacity LAST_GUESTS while ordering), then
 * the dinner shrinks to LAST_SEATS and all holds but the first LAST_SEATS guests' run out. Every
 * guest then fails once (its payment.failed webhook delayed at random, so it often lands after the
 * capture) and pays, and the checkout handler's verify is posted too. Checked once the queue has
 * settled every order: who is booked, and how often each payment was refunded.
 */
async function lastSeats(
  guests: Guest[],
  headers: (cookie: string) => Record<string, string>,
  order: (guest: Guest, eventId: string) => Promise<Response>,
  sandboxUrl: string,
): Promise<boolean> {
  const orderIds: string[] = [];
  await pool(
    guests.map((g, i) => ({ g, i })),
    CONCURRENCY,
    async ({ g, i }) => {
      const res = await order(g, 'load-last');
      if (res.status !== 201) throw new Error(`last seats: order ${i} answered ${res.status}`);
      orderIds[i] = ((await res.json()) as { order: { id: string } }).order.id;
    },
  );
  const holders = guests.slice(0, LAST_SEATS).map((g) => q(g.id));
  const past = new Date(Date.now() - 60_000).toISOString();
  execFileSync(
    'wrangler',
    [
      'd1',
      'execute',
      'DB',
      '--local',
      '--persist-to',
      persistTo,
      '--command',
      `UPDATE events SET capacity = ${LAST_SEATS} WHERE id = 'load-last'; UPDATE payment_orders SET hold_expires_at = ${q(past)} WHERE event_id = 'load-last' AND user_id NOT IN (${holders.join(', ')});`,
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );

  const pay = async (orderId: string, outcome: 'success' | 'failure', extra: Record<string, unknown> = {}) =>
    (await (
      await fetch(`${sandboxUrl}/checkout/pay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ order_id: orderId, outcome, ...extra }),
      })
    ).json()) as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
  const paymentIds: string[] = [];
  const shuffled = guests.map((g, i) => ({ g, i })).sort(() => Math.random() - 0.5);
  const started = performance.now();
  await pool(shuffled, CONCURRENCY, async ({ g, i }) => {
    await pay(orderIds[i], 'failure', { webhook_delay_ms: Math.floor(Math.random() * FAILED_WEBHOOK_MAX_DELAY_MS) });
    const paid = await pay(orderIds[i], 'success');
    paymentIds[i] = paid.razorpay_payment_id;
    await fetch(`${base}/api/payments/verify`, {
      method: 'POST',
      headers: headers(g.cookie),
      body: JSON.stringify(paid),
    }).then((r) => r.arrayBuffer());
  });
  const paidMs = performance.now() - started;

  // Let every delayed payment.failed land, then wait for the queue to settle every order.
  await new Promise((r) => setTimeout(r, FAILED_WEBHOOK_MAX_DELAY_MS + 500));
  const statuses: string[] = [];
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  for (;;) {
    await pool(
      guests.map((g, i) => ({ g, i })),
      CONCURRENCY,
      async ({ g, i }) => {
        const res = await fetch(`${base}/api/orders/${orderIds[i]}`, { headers: headers(g.cookie) });
        statuses[i] = ((await res.json()) as { order: { status: string } }).order.status;
      },
    );
    if (statuses.every((s) => s === 'confirmed' || s === 'refunded') || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 2000));
  }
  const settleMs = performance.now() - started;

  const basic = `Basic ${Buffer.from(`${localVars(workerPort, sandboxPort).RAZORPAY_KEY_ID}:${localVars(workerPort, sandboxPort).RAZORPAY_KEY_SECRET}`).toString('base64')}`;
  const refunds: number[] = [];
  await pool(
    guests.map((_, i) => i),
    CONCURRENCY,
    async (i) => {
      const res = await fetch(`${sandboxUrl}/v1/payments/${paymentIds[i]}/refunds`, {
        headers: { Authorization: basic },
      });
      refunds[i] = ((await res.json()) as { count: number }).count;
    },
  );
  const booked = statuses.flatMap((s, i) => (s === 'confirmed' ? [i] : []));
  const holdersBooked = booked.filter((i) => i < LAST_SEATS).length;
  const bookedRefunded = booked.filter((i) => refunds[i] > 0).length;
  const others = guests.map((_, i) => i).filter((i) => statuses[i] !== 'confirmed');
  const refundedOnce = others.filter((i) => refunds[i] === 1).length;
  const unsettled = statuses.filter((s) => s !== 'confirmed' && s !== 'refunded').length;
  const detail = (await (await fetch(`${base}/api/events/load-last`)).json()) as { event: { seats_left: number } };
  const ok =
    booked.length === LAST_SEATS &&
    holdersBooked === LAST_SEATS &&
    bookedRefunded === 0 &&
    refundedOnce === others.length &&
    unsettled === 0 &&
    detail.event.seats_left === 0;
  console.log(
    `Last seats: ${LAST_GUESTS} guests paid for the last ${LAST_SEATS} seats (${LAST_SEATS} holding them, ${LAST_GUESTS - LAST_SEATS} after their hold), a payment.failed for an earlier attempt of each arriving at random → ${booked.length} bookings (${holdersBooked}/${LAST_SEATS} holders), ${bookedRefunded} refunds of a booked seat, ${refundedOnce}/${others.length} other payments refunded exactly once, ${unsettled} unsettled, seats_left ${detail.event.seats_left}; paid in ${(paidMs / 1000).toFixed(1)} s, settled in ${(settleMs / 1000).toFixed(1)} s ${ok ? 'PASS' : 'FAIL'}`,
  );
  if (!ok) {
    const counts = new Map<string, number>();
    for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
    console.log(
      `  statuses ${JSON.stringify(Object.fromEntries(counts))}; refund counts of others ${JSON.stringify(others.map((i) => refunds[i]).filter((n) => n !== 1))}`,
    );
  }
  return ok;
}

const timer = setTimeout(() => {
  console.error(`load test exceeded ${OVERALL_TIMEOUT_MS / 1000} s; aborting`);
  process.exit(2);
}, OVERALL_TIMEOUT_MS);
timer.unref();
await main();
