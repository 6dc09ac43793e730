/**
 * Regenerates web/src/route-tree.gen.ts from web/src/routes without a build (`npm run routes`),
 * with the same options as the router plugin in web/vite.config.ts, so typecheck sees a new
 * route file at once.
 */
import { fileURLToPath } from 'node:url';
import { Generator, getConfig } from '@tanstack/router-generator';

const root = fileURLToPath(new URL('.', import.meta.url));
const config = getConfig({
  target: 'react',
  autoCodeSplitting: true,
  routesDirectory: `${root}src/routes`,
  generatedRouteTree: `${root}src/route-tree.gen.ts`,
  quoteStyle: 'single',
});
await new Generator({ config, root }).run();
