import './fonts.css';
import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { FrameReplay, typedValues } from './lib/first-frame';
import { seedQueryCache } from './lib/seed-query-cache';
import { queryClient } from './lib/query-client';
import { router } from './router';

const container = document.getElementById('root') as HTMLElement;
/** The Worker painted this page's first frame into #root (worker/routes/pages.ts). */
const hasFirstFrame = container.hasChildNodes();
seedQueryCache(queryClient);

function mount() {
  // What was typed into the first frame, carried with its taps into the SPA's own page.
  const typed = hasFirstFrame ? typedValues(container) : null;
  const root = createRoot(container);
  // As a transition, the first render runs in slices that yield to the browser, so a slow
  // phone stays responsive while the whole page is built.
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          {typed && <FrameReplay root={container} typed={typed} />}
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}

// React replaces whatever #root holds when it commits, so keep a first frame on screen until the
// router has the route's code and data, and the swap to the real page is a single commit (the
// router does not load the same location twice). The timeout ends the task that evaluated the
// bundle before loading starts, so neither grows into one long task.
if (hasFirstFrame) setTimeout(() => router.load().then(mount, mount));
else mount();
