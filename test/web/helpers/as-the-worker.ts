import { vi } from 'vitest';

/**
 * What `load` imports, as the Worker bundles it: the router's `Link` is the plain anchor of
 * web/src/lib/first-frame-link.tsx (wrangler.toml `alias`), and none of the router comes along.
 * The modules are fresh. What `load` brought in keeps that anchor until modules are reset again
 * (`vi.resetModules()`); a module first imported afterwards gets the real router.
 */
export async function importedAsTheWorker<T>(load: () => Promise<T>): Promise<T> {
  vi.resetModules();
  vi.doMock('@tanstack/react-router', () => import('@/lib/first-frame-link'));
  try {
    return await load();
  } finally {
    vi.doUnmock('@tanstack/react-router');
  }
}
