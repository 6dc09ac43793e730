import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type AnyRouter, RouterProvider } from '@tanstack/react-router';
import { type ReactNode, StrictMode } from 'react';

/**
 * The app's element tree, one for the browser (main.tsx) and the build's prerender
 * (prerender.tsx): a hydrated frame must be the same tree, not only the same markup, since
 * React's `useId` derives ids from the tree's shape (a child more or less under a provider
 * changes every id below it, and an id that differs is not patched on hydration).
 * `extra` is rendered beside the router: main.tsx's frame replay; the prerender passes none.
 */
export function AppTree({
  queryClient,
  router,
  extra,
}: {
  queryClient: QueryClient;
  router: AnyRouter;
  extra?: ReactNode;
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        {extra}
      </QueryClientProvider>
    </StrictMode>
  );
}
