import { createRouter } from '@tanstack/react-router';
import { NotFoundPage } from './components/not-found-page';
import { queryClient } from './lib/query-client';
import { routeTree } from './route-tree.gen';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // Loaders read through React Query's cache, so the router never considers its own copy fresh.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultNotFoundComponent: NotFoundPage,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
