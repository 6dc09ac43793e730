import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Unit and component tests for the SPA and the shared domain rules (jsdom). */
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': `${root}web/src`, '@domain': `${root}worker/domain` } },
  test: {
    root,
    include: ['test/web/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
  },
});
