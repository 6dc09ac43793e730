import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { AppTree } from './app';
import { createAppRouter } from './router';

/**
 * One static page's first frame, as the SPA's first render draws it for a visitor whose session
 * and API answers are not known yet. Loaded by web/prerender.ts at build time, never shipped.
 */
export async function renderFirstFrame(path: string): Promise<string> {
  const queryClient = new QueryClient();
  const router = createAppRouter({
    queryClient,
    history: createMemoryHistory({ initialEntries: [path] }),
    // Its server rendering adds an inline script, which the CSP would refuse; the SPA restores.
    scrollRestoration: false,
    isServer: true,
  });
  await router.load();
  // The browser's tree exactly (main.tsx): hydration needs the same shape, not only the same HTML.
  return renderToString(<AppTree queryClient={queryClient} router={router} />);
}
