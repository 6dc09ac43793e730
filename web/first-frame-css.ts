/**
 * The first frames' stylesheet (docs/decisions/006-first-frames.md): the guest's whole built
 * stylesheet with only the rules an element of a landing page's first frame can match, which the
 * Worker's pages inline in place of the whole. The whole sheet is fetched after the first paint,
 * before the bundle runs (web/public/frame-taps.js).
 *
 * Which classes a frame can carry:
 * - every class in the prerendered pages' markup (web/prerender.ts: the shell around the frames,
 *   the home page, /events, the vibe check's first question);
 * - every class named in the sources the Worker draws that page's frame with at request time
 *   (FRAME_SOURCES in web/src/lib/first-frame-page.ts, and what they import: the city cards, the
 *   dinners list, the event page), found in the source rather than in one rendering, so a
 *   sold-out badge or a revealed venue is styled though the build saw none.
 *
 * A rule, or a selector of its list, is kept unless a class it needs is none of those (rules for
 * no class, such as fonts, the theme and the base styles, all stay). Taken from the whole sheet,
 * every rule is the whole sheet's, in its order: when the whole sheet arrives after it, nothing on
 * the page changes. It is printed again for the build's browsers (css-targets.ts), as the whole
 * sheet was: with no targets, lightningcss would join selector lists holding `:has()`, which a
 * Firefox before 121 drops whole. (Printed again, a few declarations gain a twin: `a`'s
 * `-webkit-text-decoration` and the theme's `--lightningcss-light`, a few bytes.)
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Scanner } from '@tailwindcss/oxide';
import { type ReturnedRule, type Selector, transform } from 'lightningcss';
import { parseSync } from 'vite';
import { LIGHTNINGCSS_TARGETS } from './css-targets.ts';
import { attributeText } from './src/lib/first-frame-page.ts';

const src = fileURLToPath(new URL('./src/', import.meta.url));
/** vite.config.ts's aliases, as an import names them. */
const ALIASES: Record<string, string> = {
  '@/': src,
  '@domain/': fileURLToPath(new URL('../worker/domain/', import.meta.url)),
};

/**
 * The minified stylesheet of the rules in `wholeCss` (the built sheet) that a page can need: one
 * whose prerendered markup is `pages`, into which the Worker draws `sources` (paths under
 * web/src, see FRAME_SOURCES).
 */
export function firstFrameStylesheet(pages: string[], wholeCss: string, sources: readonly string[]): string {
  const classes = pages.flatMap((html) => [...html.matchAll(/\sclass="([^"]*)"/g)].map((m) => attributeText(m[1])));
  const candidates = new Set(
    new Scanner({}).scanFiles([
      ...[...new Set(sources.flatMap((path) => sourcesOf(src + path)))].map((file) => ({
        content: withoutComments(file),
        extension: extname(file).slice(1),
      })),
      { content: classes.map((names) => `<i class="${names}"></i>`).join(''), extension: 'html' },
    ]),
  );
  const matchable = (selector: Selector): boolean =>
    selector.every((part) => {
      if (part.type === 'class') return candidates.has(part.name);
      // An element matching `:is(.a, .b)` has one of them, `:has(.a)` one inside; `:not(.a)` needs none.
      if (part.type === 'pseudo-class' && (part.kind === 'is' || part.kind === 'where' || part.kind === 'has'))
        return part.selectors.some(matchable);
      return true;
    });
  const { code } = transform({
    filename: 'first-frame.css',
    code: Buffer.from(wholeCss),
    minify: true,
    targets: LIGHTNINGCSS_TARGETS,
    visitor: {
      Rule: {
        // A selector list keeps the selectors a frame can match (`.btn-disabled, .btn:disabled`).
        style: (rule) => {
          const selectors = rule.value.selectors.filter(matchable);
          if (selectors.length === 0) return [];
          if (selectors.length === rule.value.selectors.length) return undefined;
          const pruned = { ...rule, value: { ...rule.value, selectors } };
          // Some values do not survive lightningcss's trip through JavaScript (a `var()` in
          // `font-family`): such a rule stays whole.
          return roundTrips(pruned) ? pruned : undefined;
        },
      },
    },
  });
  // An @media or @supports left with no rule goes too (a second pass: the first sees it whole).
  const empty = (rule: { value: { rules: unknown[] } }) => (rule.value.rules.length === 0 ? [] : undefined);
  return transform({
    filename: 'first-frame.css',
    code,
    minify: true,
    targets: LIGHTNINGCSS_TARGETS,
    visitor: { Rule: { media: empty, supports: empty } },
  }).code.toString();
}

/**
 * The components web/src/server-render.tsx renders that none of `sources` (FRAME_SOURCES, all
 * pages') leads to: their classes would be in no page's stylesheet.
 */
export function componentsNotInFrameSources(sources: readonly string[]): string[] {
  const entry = `${src}server-render.tsx`;
  const covered = new Set(sources.flatMap((path) => sourcesOf(src + path)));
  return sourcesOf(entry).filter((file) => file !== entry && file.endsWith('.tsx') && !covered.has(file));
}

/** Whether lightningcss can take `rule` back from a visitor. */
function roundTrips(rule: ReturnedRule): boolean {
  try {
    transform({ filename: 'rule.css', code: Buffer.from('a{}'), visitor: { Rule: { style: () => rule } } });
    return true;
  } catch {
    return false;
  }
}

/**
 * `entry` and the web app's sources it imports, directly or not (type-only imports aside): the
 * files whose markup the Worker can render. Imports are static and name a file by a relative path
 * or an alias; packages are left out (no app classes there).
 */
function sourcesOf(entry: string): string[] {
  const found = new Set<string>();
  const next = [entry];
  for (let file = next.pop(); file; file = next.pop()) {
    if (found.has(file)) continue;
    found.add(file);
    const code = readFileSync(file, 'utf8');
    for (const [statement, path] of code.matchAll(
      /\b(?:import|export)\s+(?:[\w*{}\s,$]+\s+from\s+)?['"]([^'"]+)['"]/g,
    )) {
      if (/^(?:import|export)\s+type\s/.test(statement)) continue;
      const resolved = resolveSource(path, file);
      if (resolved) next.push(resolved);
    }
  }
  return [...found].filter((file) => file.startsWith(src));
}

function resolveSource(path: string, from: string): string | undefined {
  const alias = Object.keys(ALIASES).find((prefix) => path.startsWith(prefix));
  const base = alias
    ? ALIASES[alias] + path.slice(alias.length)
    : path.startsWith('.')
      ? resolve(dirname(from), path)
      : '';
  if (!base) return undefined;
  return ['.ts', '.tsx', '/index.ts', '/index.tsx', '']
    .map((ext) => base + ext)
    .find((f) => /\.tsx?$/.test(f) && existsSync(f));
}

/**
 * The code of `file` without its comments, whose words ("the table", "a select") would keep
 * daisyUI components no frame shows: 0.2-0.3 KB gzip of /events' and the event page's.
 */
function withoutComments(file: string): string {
  const code = readFileSync(file, 'utf8');
  const { comments, errors } = parseSync(file, code, { lang: 'tsx' });
  // A file that does not parse would give only some of its comments.
  if (errors.length) throw new Error(`${file}: ${errors[0].message}`);
  let out = '';
  let from = 0;
  for (const c of comments) {
    out += `${code.slice(from, c.start)} `;
    from = c.end;
  }
  return out + code.slice(from);
}
