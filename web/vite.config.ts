import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, minify, type Plugin } from 'vite';
import { dropColorMixFallbacks } from './color-mix-fallbacks.ts';
import { CSS_TARGET } from './css-targets.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * public/frame-taps.js, also built minified as /assets/frame-taps-<hash>.js, which index.html
 * loads: on a landing page it starts the app (docs/decisions/006-first-frames.md), so it is cached
 * for good like the bundle, and a page is never paired with another build's copy. The unhashed
 * copy stays for a page an older build served.
 */
function hashedFrameTaps(): Plugin {
  const name = 'frame-taps.js';
  return {
    name: 'hashed-frame-taps',
    apply: 'build',
    async buildStart() {
      const { code, errors } = await minify(name, readFileSync(`${root}public/${name}`, 'utf8'));
      if (errors.length) throw new Error(`${name}: ${errors.map((e) => e.message).join('; ')}`);
      this.emitFile({ type: 'asset', name, source: code });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const asset = Object.values(bundle ?? {}).find((o) => o.type === 'asset' && o.names.includes(name));
        if (!asset || !html.includes(`src="/${name}"`))
          throw new Error(`index.html: no /${name} to point at its hashed copy`);
        return html.replace(`src="/${name}"`, `src="/${asset.fileName}"`);
      },
    },
  };
}

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
    // After Tailwind's (a `pre` plugin), before Vite minifies and names each stylesheet.
    dropColorMixFallbacks(),
    hashedFrameTaps(),
  ],
  // `@domain` is the Worker's pure rules (worker/domain), shared so browser and API agree.
  resolve: { alias: { '@': `${root}src`, '@domain': fileURLToPath(new URL('../worker/domain', import.meta.url)) } },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    assetsInlineLimit: 0,
    cssTarget: CSS_TARGET,
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
