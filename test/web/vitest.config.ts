import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Unit and component tests for the SPA and the shared domain rules. A `.tsx` test renders, in
 * jsdom; a `.ts` test checks plain functions, in Node, which starts in a fraction of jsdom's time
 * (one that needs a document says so with `// @vitest-environment jsdom`).
 */
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': `${root}web/src`, '@domain': `${root}worker/domain` } },
  test: {
    root,
    // Every core, like the worker suite (test/worker/vitest.config.ts): vitest's default leaves one idle.
    maxWorkers: availableParallelism(),
    // Each file in a fresh VM context (its own globals, module graph and jsdom) on long-lived
    // threads, rather than a process per file (Node's built-in modules are shared, and no test
    // changes them): 84 → 27 s of CPU for the suite
    // (docs/decisions/036-the-suite-in-minutes.md). All pass with the files shuffled.
    pool: 'vmThreads',
    projects: [
      { extends: true, test: { name: 'dom', include: ['test/web/**/*.test.tsx'], environment: 'jsdom' } },
      { extends: true, test: { name: 'node', include: ['test/web/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
