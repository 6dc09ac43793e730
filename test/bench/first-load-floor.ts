/**
 * The floor under the guest's first load (docs/decisions/035): the stack the design card fixes
 * (React 18 with react-dom's client, TanStack Router, React Query) in a one-route app with one
 * query and one link, built by our Vite and React plugin into one chunk. Whatever the guest's
 * first load weighs above this is ours.
 *
 * Runs under Node 22's type stripping, so: `.ts` import extensions, no enums or parameter
 * properties.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { root } from '../stack/stack.ts';

const MAIN = `import { createRoot } from 'react-dom/client';
import { createRootRoute, createRoute, createRouter, Link, Outlet, RouterProvider } from '@tanstack/react-router';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
const queryClient = new QueryClient();
function Home() {
  const events = useQuery({ queryKey: ['events'], queryFn: () => fetch('/api/events').then((r) => r.json()) });
  return <p>{String(events.data)} <Link to="/">Home</Link></p>;
}
const rootRoute = createRootRoute({ component: () => <Outlet /> });
const home = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Home });
const router = createRouter({ routeTree: rootRoute.addChildren([home]) });
createRoot(document.getElementById('root')).render(
  <QueryClientProvider client={queryClient}><RouterProvider router={router} /></QueryClientProvider>,
);
`;

/** Gzip bytes of the floor app's JavaScript. */
export async function measureFirstLoadFloor(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'tablemates-floor-app-'));
  try {
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><div id="root"></div><script type="module" src="./main.jsx"></script>',
    );
    writeFileSync(join(dir, 'main.jsx'), MAIN);
    // The packages resolve from this project's node_modules, the versions the real build uses.
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    await build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      plugins: [react()],
      build: { outDir: join(dir, 'dist'), emptyOutDir: true },
    });
    const assets = join(dir, 'dist', 'assets');
    return readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .reduce((n, f) => n + gzipSync(readFileSync(join(assets, f))).length, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
