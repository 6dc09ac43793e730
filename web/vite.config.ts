import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  publicDir: 'public',
  plugins: [
    // Must come before react(): it rewrites route files for automatic code splitting.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: `${root}src/routes`,
      generatedRouteTree: `${root}src/route-tree.gen.ts`,
      quoteStyle: 'single',
    }),
    react(),
    tailwindcss(),
  ],
  // `@domain` is the Worker's pure rules (worker/domain), shared so browser and API agree.
  resolve: { alias: { '@': `${root}src`, '@domain': fileURLToPath(new URL('../worker/domain', import.meta.url)) } },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The router in one chunk. Left to itself the bundler cuts it into a dozen pieces by
          // which lazy pages share which hook, and the pieces move with every new page: the first
          // load paid for each piece's wrapper (1.4 KB gzip in all) and its size shifted with
          // pages no guest opens.
          groups: [
            {
              name: 'router',
              test: /node_modules[\\/]@tanstack[\\/](react-router|router-core|history|store|react-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8787' },
  },
});
