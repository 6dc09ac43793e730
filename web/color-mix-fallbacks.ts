/**
 * Tailwind writes every colour given an opacity (`bg-base-content/10`, and daisyUI's own) twice: a
 * plain colour, then the real one inside `@supports (color: color-mix(in lab, red, red))`. Every
 * browser we build for (css-targets.ts) has color-mix() and takes the second, so the first is bytes
 * no guest's browser uses; where it did show, it showed the colour at full strength. This build
 * step takes those `@supports` wrappers off as each stylesheet comes from Tailwind, before Vite
 * minifies it, so Vite's own minifier folds each pair into the declaration that wins, and the
 * file's hash covers the result (issue 23, docs/decisions/038-colour-fallbacks.md). Tailwind has a
 * switch for this (`Polyfills.ColorMix`), but @tailwindcss/vite does not expose it.
 */
import type { Plugin } from 'vite';

const GATE = /@supports\s*\(\s*color\s*:\s*color-mix\(\s*in\s+lab\s*,\s*red\s*,\s*red\s*\)\s*\)\s*\{/g;

/** Index just past the `}` closing the block whose body starts at `from`, strings, escapes and comments skipped. */
function blockEnd(css: string, from: number): number {
  let depth = 1;
  for (let i = from; i < css.length; i++) {
    const c = css[i];
    if (c === '\\') i++;
    else if (c === '/' && css[i + 1] === '*') {
      const close = css.indexOf('*/', i + 2);
      i = close < 0 ? css.length : close + 1;
    } else if (c === '"' || c === "'") {
      for (i++; i < css.length && css[i] !== c; i++) if (css[i] === '\\') i++;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  throw new Error('color-mix fallbacks: an @supports block is not closed');
}

/**
 * `css` with each color-mix() `@supports` block replaced by its body, in place: for a browser that
 * passes the test, the same rules in the same order. How many blocks it took off, with it.
 */
function unwrapColorMixGates(css: string, file: string): { css: string; unwrapped: number } {
  let out = '';
  let at = 0;
  let unwrapped = 0;
  for (const gate of css.matchAll(GATE)) {
    if (gate.index < at) throw new Error(`${file}: a color-mix() @supports block inside another`);
    const body = gate.index + gate[0].length;
    const end = blockEnd(css, body);
    out += css.slice(at, gate.index) + css.slice(body, end - 1);
    at = end;
    unwrapped++;
  }
  return { css: out + css.slice(at), unwrapped };
}

/**
 * The build step. It fails the build if a stylesheet is written with such a block still in it, or
 * if none was ever found: Tailwind wording its test otherwise would make this step do nothing.
 */
export function dropColorMixFallbacks(): Plugin {
  let unwrapped = 0;
  return {
    name: 'drop-color-mix-fallbacks',
    apply: 'build',
    transform: {
      // Stylesheets, not a stylesheet's text or address asked for as a string (`?raw`, `?url`).
      filter: { id: { include: /\.css(?:\?|$)/, exclude: /[?&](?:raw|url|worker|sharedworker)\b/ } },
      handler(code, id) {
        const result = unwrapColorMixGates(code, id);
        unwrapped += result.unwrapped;
        return result.unwrapped ? { code: result.css, map: null } : undefined;
      },
    },
    generateBundle(_, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue;
        const css = typeof file.source === 'string' ? file.source : new TextDecoder().decode(file.source);
        if (css.match(GATE)) this.error(`${file.fileName} still has a color-mix() @supports block`);
      }
      if (unwrapped === 0) this.error('no color-mix() @supports block found: has Tailwind changed how it writes them?');
    },
  };
}
