import './fonts.css';
import './styles.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppTree } from './app';
import { FrameReplay, takeFrameTaps, typedValues } from './lib/first-frame';
import { HYDRATABLE } from './lib/first-frame-page';
import { seedQueryCache } from './lib/seed-query-cache';
import { queryClient } from './lib/query-client';
import { router } from './router';

const container = document.getElementById('root') as HTMLElement;
/** The Worker painted this page's first frame into #root (worker/routes/pages.ts). */
const hasFirstFrame = container.hasChildNodes();
/**
 * The frame is the SPA's own first render, drawn by the same components at build time
 * (web/prerender.ts) or by the Worker from the answers it hands over (web/src/server-render.tsx),
 * and marked so: React can hydrate it in place.
 */
const hydratable = hasFirstFrame && container.dataset.frame === HYDRATABLE;
seedQueryCache(queryClient);

function app(replay?: Parameters<typeof FrameReplay>[0]) {
  return <AppTree queryClient={queryClient} router={router} extra={replay && <FrameReplay {...replay} />} />;
}

/**
 * Hydrates the frame: React attaches to the markup instead of drawing the page a second time
 * (docs/decisions/010-hydrate-or-swap.md). As a transition, hydration runs in slices that yield
 * to the browser; a tap in the meantime makes React hydrate what it needs at once and handle
 * it, so frame-taps.js stops recording here.
 */
function hydrate() {
  const typed = typedValues(container);
  const taps = takeFrameTaps();
  // The server drew the route tree without the router's client-only Suspense wrapper; so does
  // the client while `ssr` is set (what the router's own SSR hydration sets).
  router.ssr = { manifest: undefined };
  startTransition(() => void hydrateRoot(container, app({ root: container, typed, taps })));
}

/**
 * Draws the page and replaces the frame in one commit: a frame not marked as the SPA's first
 * render, or any frame when loading the route failed (the page is then the error, not the frame).
 */
function render() {
  const typed = hasFirstFrame ? typedValues(container) : null;
  // No frame: nothing to replay, but frame-taps.js arriving after this render must not take the SPA's page for a frame.
  if (!typed) takeFrameTaps();
  startTransition(() => createRoot(container).render(app(typed ? { root: container, typed } : undefined)));
}

// Either way, the first render waits until the router has the route's code and data, so it is
// the page the frame shows (the router does not load the same location twice). The timeout ends
// the task that evaluated the bundle before loading starts, so neither grows into one long task.
if (hasFirstFrame) setTimeout(() => router.load().then(hydratable ? hydrate : render, render));
else render();
