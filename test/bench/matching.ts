/**
 * `npm run bench:matching`: how good and how fast the table matching is (issue 13), measured on
 * seeded synthetic dinners (test/bench/matching-dinners.ts) of 12, 24, 48, 96 and 200 guests.
 *
 * Per size it prints the mean score of our seating (`seatParties`, scored with `scoreTables`:
 * lower is better), the mean of each dinner's median random valid seating (100 per dinner, same
 * table sizes, parties together), for 12 guests the exhaustive optimum and the worst gap to it,
 * the share of tables with a lone man or woman (ours and random), whether a lone-free seating
 * exists for every dinner (exact, test/bench/matching-exact.ts), and the median run time in Node
 * and in workerd. workerd freezes its clocks while code runs, so the time there is the wall time
 * of a request to a tiny Worker (test/bench/matching-worker.ts, bundled with esbuild, run by
 * Miniflare), measured from Node after warm-up; the same request to a route that only reads the
 * body is printed alongside. Skewed dinners (70-85 % men, more couples) add to the lone check.
 *
 * Then one PASS/FAIL line per target; exits 1 on any FAIL. Runs under Node 22's type stripping:
 * the domain modules (extensionless imports) are bundled with esbuild and imported from a temp file.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import type { MatchParty, Seating } from '../../worker/domain/matching.ts';
import {
  checkPopularity,
  type DinnerShape,
  type PickOptions,
  randomSeating,
  syntheticDinner,
} from './matching-dinners.ts';
import { exhaustiveOptimum, hasLone, loneFreeSeatingExists, type SizeRange } from './matching-exact.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const GUESTS = [12, 24, 48, 96, 200];
/** Seeded dinners per size (12 guests: each also solved exhaustively). */
const DINNERS: Record<number, number> = { 12: 20, 24: 10, 48: 8, 96: 5, 200: 5 };
const RANDOM_SEATINGS = 100;
/** workerd: requests before timing, then timed requests (the median is reported). */
const WARM_UP = 3;
const TIMED = 7;
const TARGETS = { optimumGap: 0.02, workerdMs: 500 };
/** Dinners that make a lone man or woman harder to avoid, for the lone-gender target only. */
const SKEWED: { label: string; shape: DinnerShape }[] = [
  { label: '70% men', shape: { men: 0.7, inPairs: 0.2, couples: 0.6 } },
  { label: '80% men', shape: { men: 0.8, inPairs: 0.2, couples: 0.6 } },
  { label: '85% men, 40% in couples', shape: { men: 0.85, inPairs: 0.4, couples: 1 } },
  { label: '30% men, duos', shape: { men: 0.3, inPairs: 0.3, couples: 0.2 } },
  { label: '95% men', shape: { men: 0.95, inPairs: 0, couples: 1 } },
];
const SKEWED_GUESTS = [12, 13, 14, 18, 20, 24, 31, 48, 96, 200];
const SKEWED_SEEDS = 3;

type Domain = typeof import('../../worker/domain/matching.ts') &
  Pick<typeof import('../../worker/domain/quiz.ts'), 'MUSIC_GENRES' | 'MOVIE_GENRES'>;

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const pct = (x: number) => `${(100 * x).toFixed(x > 0 && x < 0.001 ? 3 : 1)}%`;

async function bundle(entry: { path: string } | { contents: string }, platform: 'node' | 'neutral') {
  const result = await build({
    ...('path' in entry
      ? { entryPoints: [entry.path] }
      : { stdin: { contents: entry.contents, resolveDir: root, loader: 'ts' as const } }),
    bundle: true,
    format: 'esm',
    platform,
    target: 'es2022',
    write: false,
    logLevel: 'error',
  });
  return result.outputFiles[0].text;
}

/** The seating's tables as parties, and the checks every seating must pass (the hard rules). */
function tablesOf(seating: Seating, parties: readonly MatchParty[]) {
  const byId = new Map(parties.map((p) => [p.id, p]));
  const tables = seating.tables.map((ids) => ids.map((id) => byId.get(id)!));
  const seated = seating.tables.flat();
  const sizes = tables.map((t) => t.reduce((s, p) => s + p.guests.length, 0));
  const broken: string[] = [];
  if (seated.length !== parties.length || new Set(seated).size !== parties.length)
    broken.push('a party not seated once');
  if (seating.plan.fits && sizes.some((s) => s < seating.plan.min || s > seating.plan.max))
    broken.push(`table sizes ${sizes.join('/')} outside ${seating.plan.min}-${seating.plan.max}`);
  return { tables, sizes, broken };
}

async function main() {
  const started = performance.now();
  const dir = mkdtempSync(join(tmpdir(), 'bench-matching-'));
  let mf: Miniflare | undefined;
  try {
    const domainFile = join(dir, 'domain.mjs');
    writeFileSync(
      domainFile,
      await bundle(
        {
          contents:
            "export * from './worker/domain/matching'; export { MUSIC_GENRES, MOVIE_GENRES } from './worker/domain/quiz';",
        },
        'node',
      ),
    );
    const domain = (await import(pathToFileURL(domainFile).href)) as Domain;
    const options: PickOptions = {
      music: domain.MUSIC_GENRES.map((o) => o.value),
      films: domain.MOVIE_GENRES.map((o) => o.value),
      seededRandom: domain.seededRandom,
    };
    const unknownPicks = checkPopularity(options);
    if (unknownPicks.length)
      throw new Error(`popularity names picks the quiz does not have: ${unknownPicks.join(', ')}`);

    mf = new Miniflare({
      workers: [
        {
          config: {
            name: 'bench-matching',
            compatibilityDate: '2025-01-01',
            manifest: {
              mainModule: 'worker.js',
              modules: {
                'worker.js': {
                  type: 'esm',
                  contents: await bundle({ path: join(root, 'test/bench/matching-worker.ts') }, 'neutral'),
                },
              },
            },
          },
        },
      ],
    });
    const worker = mf;
    const post = async (path: string, body: unknown) => {
      const t = performance.now();
      const res = await worker.dispatchFetch(`http://bench${path}`, { method: 'POST', body: JSON.stringify(body) });
      const json = await res.json();
      if (!res.ok) throw new Error(`workerd answered ${res.status}: ${JSON.stringify(json)}`);
      return { ms: performance.now() - t, json };
    };

    const fails: string[] = [];
    const rows: string[][] = [];
    let worstGap = 0;
    let gapDinners = 0;
    let loneChecked = 0;
    let loneFreePossible = 0;
    let loneMissed = 0;
    let workerd200 = Number.NaN;
    const workerdMismatch: number[] = [];

    for (const n of GUESTS) {
      const ours: number[] = [];
      const randoms: number[] = [];
      const optima: number[] = [];
      const gaps: number[] = [];
      const nodeMs: number[] = [];
      let tablesTotal = 0;
      let loneOurs = 0;
      let loneRandom = 0;
      let randomTables = 0;
      let existsAll = true;
      let plan = '';
      for (let s = 0; s < DINNERS[n]; s++) {
        const parties = syntheticDinner(n, s + 1, options);
        const seed = `bench-${n}-${s + 1}`;
        const t = performance.now();
        const seating = domain.seatParties(parties, { seed });
        nodeMs.push(performance.now() - t);
        const { tables, sizes, broken } = tablesOf(seating, parties);
        for (const b of broken) fails.push(`${n} guests, dinner ${s + 1}: ${b}`);
        plan = `${seating.plan.tables}×${seating.plan.min}-${seating.plan.max}`;
        const score = domain.scoreTables(tables);
        ours.push(score);
        const lone = tables.filter((tb) => hasLone(tb.flatMap((p) => p.guests))).length;
        tablesTotal += tables.length;
        loneOurs += lone;

        const random = domain.seededRandom(1000 + s);
        const scores: number[] = [];
        for (let r = 0; r < RANDOM_SEATINGS; r++) {
          const rs = randomSeating(parties, sizes, random);
          if (!rs) throw new Error(`no random seating for ${n} guests at ${sizes.join('/')}`);
          scores.push(domain.scoreTables(rs));
          randomTables += rs.length;
          loneRandom += rs.filter((tb) => hasLone(tb.flatMap((p) => p.guests))).length;
        }
        randoms.push(median(scores));

        const range: SizeRange = { tables: seating.plan.tables, min: seating.plan.min, max: seating.plan.max };
        const exists = loneFreeSeatingExists(parties, range);
        existsAll &&= exists;
        loneChecked++;
        if (exists) {
          loneFreePossible++;
          if (lone > 0) {
            loneMissed++;
            fails.push(`${n} guests, dinner ${s + 1}: ${lone} lone-gender table(s) though a seating without exists`);
          }
        }

        if (n <= 12) {
          const opt = exhaustiveOptimum(parties, range, (tb) => domain.scoreTables(tb)).score;
          optima.push(opt);
          const gap = opt > 0 ? score / opt - 1 : score > 1e-9 ? Number.POSITIVE_INFINITY : 0;
          gaps.push(gap);
          worstGap = Math.max(worstGap, gap);
          gapDinners++;
        }
      }

      // workerd: the first dinner of this size, warmed up, then timed.
      const parties = syntheticDinner(n, 1, options);
      const body = { parties, seed: `bench-${n}-1` };
      for (let i = 0; i < WARM_UP; i++) await post('/', body);
      const runs: number[] = [];
      const noops: number[] = [];
      let fromWorkerd: Seating | undefined;
      for (let i = 0; i < TIMED; i++) {
        const r = await post('/', body);
        runs.push(r.ms);
        fromWorkerd = r.json as Seating;
        noops.push((await post('/noop', body)).ms);
      }
      const inNode = domain.seatParties(parties, { seed: body.seed });
      if (JSON.stringify(fromWorkerd?.tables) !== JSON.stringify(inNode.tables)) workerdMismatch.push(n);
      if (n === 200) workerd200 = median(runs);

      rows.push([
        String(n),
        String(DINNERS[n]),
        plan,
        mean(ours).toFixed(2),
        mean(randoms).toFixed(2),
        optima.length ? mean(optima).toFixed(2) : '—',
        gaps.length ? pct(Math.max(...gaps)) : '—',
        `${pct(loneOurs / tablesTotal)} (${loneOurs}/${tablesTotal})`,
        pct(loneRandom / randomTables),
        existsAll ? 'all' : 'not all',
        median(nodeMs).toFixed(1),
        `${median(runs).toFixed(1)} (noop ${median(noops).toFixed(1)})`,
      ]);
    }

    // Skewed dinners: the lone-gender target where it is harder to meet.
    const skewRows: string[][] = [];
    for (const { label, shape } of SKEWED) {
      let possible = 0;
      let met = 0;
      let dinners = 0;
      let loneTables = 0;
      let tables = 0;
      for (const n of SKEWED_GUESTS)
        for (let s = 0; s < SKEWED_SEEDS; s++) {
          const parties = syntheticDinner(n, 100 + s, options, shape);
          const seating = domain.seatParties(parties, { seed: `skew-${n}-${s}` });
          const { tables: tb, broken } = tablesOf(seating, parties);
          for (const b of broken) fails.push(`${label}, ${n} guests: ${b}`);
          const lone = tb.filter((t) => hasLone(t.flatMap((p) => p.guests))).length;
          dinners++;
          tables += tb.length;
          loneTables += lone;
          const exists = loneFreeSeatingExists(parties, {
            tables: seating.plan.tables,
            min: seating.plan.min,
            max: seating.plan.max,
          });
          loneChecked++;
          if (exists) {
            possible++;
            loneFreePossible++;
            if (lone === 0) met++;
            else {
              loneMissed++;
              fails.push(
                `${label}, ${n} guests (seed ${100 + s}): ${lone} lone-gender table(s) though a seating without exists`,
              );
            }
          }
        }
      skewRows.push([
        label,
        String(dinners),
        `${possible}`,
        `${met}/${possible}`,
        `${pct(loneTables / tables)} (${loneTables}/${tables})`,
      ]);
    }

    const table = (header: string[], body: string[][]) => {
      const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
      const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
      console.log(line(header));
      console.log(widths.map((w) => '-'.repeat(w)).join('  '));
      for (const r of body) console.log(line(r));
    };
    console.log('Table matching (seatParties), seeded synthetic dinners; scores: lower is better\n');
    table(
      [
        'guests',
        'dinners',
        'plan',
        'ours',
        'random',
        'optimum',
        'worst gap',
        'lone tables (ours)',
        'lone (random)',
        'lone-free exists',
        'node ms',
        'workerd ms',
      ],
      rows,
    );
    console.log('\nLone-gender check on skewed dinners (sizes 12-200, a lone-free seating proved to exist or not)\n');
    table(['mix', 'dinners', 'lone-free possible', 'lone-free found', 'lone tables'], skewRows);
    console.log('');

    const line = (ok: boolean, text: string) => {
      console.log(`${ok ? 'PASS' : 'FAIL'} ${text}`);
      if (!ok) fails.push(text);
    };
    line(
      worstGap <= TARGETS.optimumGap,
      `within ${pct(TARGETS.optimumGap)} of the exhaustive optimum at 12 guests: worst gap ${pct(worstGap)} over ${gapDinners} dinners`,
    );
    line(
      loneMissed === 0,
      `no lone man or woman whenever a seating without one exists: ${loneFreePossible - loneMissed}/${loneFreePossible} dinners (${loneChecked} checked, ${loneChecked - loneFreePossible} where none exists)`,
    );
    line(
      workerd200 <= TARGETS.workerdMs,
      `200 guests in workerd: median ${workerd200.toFixed(1)} ms per request (target ≤ ${TARGETS.workerdMs} ms)`,
    );
    line(
      workerdMismatch.length === 0,
      `the same seating in workerd as in Node${workerdMismatch.length ? ` (differs at ${workerdMismatch.join(', ')} guests)` : ''}`,
    );
    const hardBroken = fails.filter((f) => f.includes('outside') || f.includes('not seated'));
    line(hardBroken.length === 0, 'hard rules: every party seated once, tables within the plan');
    for (const f of new Set(fails)) if (!f.startsWith('within') && !f.startsWith('no lone')) console.log(`  - ${f}`);
    console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)`);
    process.exitCode = fails.length ? 1 : 0;
  } finally {
    await mf?.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
