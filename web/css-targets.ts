import type { Targets } from 'lightningcss';

/**
 * The browsers every stylesheet is built for: Vite 8's default (`baseline-widely-available`),
 * named so the pass after Vite's own (the first frames' subsets, first-frame-css.ts) builds for
 * the same ones. A pass with other targets may merge rules Vite kept apart: with none, or with
 * Firefox 121 and up, lightningcss joins selector lists holding `:has()`, which Firefox before 121
 * drops whole, the theme's colours with them.
 */
export const CSS_TARGET = ['chrome111', 'edge111', 'firefox114', 'safari16.4', 'ios16.4'];

/** lightningcss's names for the browsers {@link CSS_TARGET} names as Vite (esbuild) does. */
const LIGHTNINGCSS_NAMES: Record<string, keyof Targets> = { ios: 'ios_saf' };

/** {@link CSS_TARGET} as lightningcss takes it (as Vite converts it): major << 16 | minor << 8. */
export const LIGHTNINGCSS_TARGETS: Targets = Object.fromEntries(
  CSS_TARGET.map((target) => {
    const [, name, major, minor = '0'] = /^([a-z]+)(\d+)(?:\.(\d+))?$/.exec(target) ?? [];
    if (!name) throw new Error(`css-targets: cannot read ${target}`);
    return [LIGHTNINGCSS_NAMES[name] ?? name, (Number(major) << 16) | (Number(minor) << 8)];
  }),
);
