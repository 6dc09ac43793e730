import type { Targets } from 'lightningcss';

/**
 * The browsers every stylesheet is built for: Vite 8's default (`baseline-widely-available`),
 * named so the pass after Vite's own (the first frames' subsets, first-frame-css.ts) builds for
 * the same ones. A pass with other targets may merge rules Vite kept apart: with none, or with
 * Firefox 121 and up, lightningcss joins selector lists holding `:has()`, which Firefox before 121
 * drops whole, the theme's colours with them.
 */
export const CSS_TARGET = ['chrome111', 'edge111', 'firefox114', 'safari16.4', 'ios16.4'];

/** {@link CSS_TARGET} as lightningcss takes it: each browser's version as major << 16 | minor << 8. */
export const LIGHTNINGCSS_TARGETS: Targets = {
  chrome: 111 << 16,
  edge: 111 << 16,
  firefox: 114 << 16,
  safari: (16 << 16) | (4 << 8),
  ios_saf: (16 << 16) | (4 << 8),
};
