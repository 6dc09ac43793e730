import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { NotFoundPage } from './components/not-found-page';
import { queryClient } from './lib/query-client';
import { routeTree } from './route-tree.gen';

/** The app's router; the build's prerender (web/prerender.ts) makes its own with a memory history. */
export function createAppRouter(options: {
  queryClient: QueryClient;
  history?: RouterHistory;
  scrollRestoration?: boolean;
  /** Set by the build's prerender, which renders as a server does wherever it runs (a test's DOM too). */
  isServer?: boolean;
}) {
  return createRouter({
    routeTree,
    context: { queryClient: options.queryClient },
    history: options.history,
    isServer: options.isServer,
    defaultPreload: 'intent',
    // Loaders read through React Query's cache, so the router never considers its own copy fresh.
    defaultPreloadStaleTime: 0,
    scrollRestoration: options.scrollRestoration ?? true,
    defaultNotFoundComponent: NotFoundPage,
  });
}

export const router = createAppRouter({ queryClient });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
