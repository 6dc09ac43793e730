/**
 * Tailwind writes every colour given an opacity (`bg-base-content/10`, and daisyUI's own) twice: a
 * plain colour, then the real one inside `@supports (color: color-mix(in lab, red, red))`. Every
 * browser Tailwind v4 supports (its floor: Safari 16.4, Chrome 111, Firefox 128) has color-mix()
 * and takes the second, so the first is bytes no guest's browser uses; where it did show, it showed
 * the colour at full strength. This build step unwraps those blocks and has lightningcss fold each
 * pair into the declaration that wins, for Tailwind's own targets: 0.8 KB gzip of the guest's
 * stylesheet (issue 23, docs/decisions/038-colour-fallbacks.md). Tailwind has a switch for this
 * (`Polyfills.ColorMix`), but @tailwindcss/vite does not expose it.
 */
import { transform } from 'lightningcss';
import type { Plugin } from 'vite';

/** Tailwind v4's browser floor, the targets its own lightningcss pass uses (@tailwindcss/node). */
const TAILWIND_TARGETS = {
  safari: (16 << 16) | (4 << 8),
  ios_saf: (16 << 16) | (4 << 8),
  firefox: 128 << 16,
  chrome: 111 << 16,
};

const GATE = /@supports\s*\(\s*color\s*:\s*color-mix\(\s*in lab\s*,\s*red\s*,\s*red\s*\)\s*\)\s*\{/g;

/** Index just past the `}` closing the block whose body starts at `from`, skipping quoted strings. */
function blockEnd(css: string, from: number): number {
  let depth = 1;
  for (let i = from; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      for (i++; i < css.length && css[i] !== c; i++) if (css[i] === '\\') i++;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  throw new Error('color-mix fallbacks: an @supports block is not closed');
}

/** The distinct color-mix() values in `css`, the gates' conditions aside: each must survive the folding. */
function colorMixValues(css: string): Set<string> {
  const values = new Set<string>();
  const text = css.replace(GATE, '{');
  for (let i = text.indexOf('color-mix('); i >= 0; i = text.indexOf('color-mix(', i + 1)) {
    let depth = 0;
    let j = i + 'color-mix'.length;
    do {
      if (text[j] === '(') depth++;
      else if (text[j] === ')') depth--;
      j++;
    } while (depth > 0 && j < text.length);
    values.add(text.slice(i, j));
  }
  return values;
}

/** `css` without the color-mix() fallbacks (see the file's comment), minified. */
export function withoutColorMixFallbacks(css: string, filename: string): string {
  let unwrapped = '';
  let at = 0;
  for (const gate of css.matchAll(GATE)) {
    if (gate.index < at) throw new Error(`${filename}: a color-mix() @supports block inside another`);
    const bodyStart = gate.index + gate[0].length;
    const end = blockEnd(css, bodyStart);
    unwrapped += css.slice(at, gate.index) + css.slice(bodyStart, end - 1);
    at = end;
  }
  unwrapped += css.slice(at);
  const { code } = transform({ filename, code: Buffer.from(unwrapped), minify: true, targets: TAILWIND_TARGETS });
  const out = code.toString();
  const kept = colorMixValues(out);
  const lost = [...colorMixValues(css)].filter((value) => !kept.has(value));
  if (lost.length)
    throw new Error(`${filename}: folding the color-mix() fallbacks lost ${lost.slice(0, 3).join(', ')}`);
  return out;
}

/** The build step: every stylesheet the build writes, as {@link withoutColorMixFallbacks} leaves it. */
export function dropColorMixFallbacks(): Plugin {
  return {
    name: 'drop-color-mix-fallbacks',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue;
          const css = typeof file.source === 'string' ? file.source : new TextDecoder().decode(file.source);
          file.source = withoutColorMixFallbacks(css, file.fileName);
        }
      },
    },
  };
}
