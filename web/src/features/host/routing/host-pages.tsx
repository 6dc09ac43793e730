import { useParams } from '@tanstack/react-router';
import { type ComponentType, lazy, Suspense } from 'react';
// The console's and host's classes are not in the guest's stylesheet (web/src/console.css).
import '@/console.css';
import { AppHeader } from '@/components/app-header';
import { usePageTitle } from '@/lib/use-page-title';
import { matchPage, PageOf } from '@/lib/page-table';
import { useSessionQuery } from '@/lib/session';
import { HostLink, type HostPath } from './host-links';

/**
 * The host's pages, routed here rather than in the app's route tree, as the console's are
 * (docs/decisions/017, 019; web/src/lib/page-table.tsx): the app's tree holds one splat, `/host/$`
 * (which `/host` matches too), whose lazily loaded component is {@link HostPages}. Paths are
 * relative to /host, `$name` for a parameter, and listed in ./host-links.tsx with `HostLink` and
 * `useHostParams`, which the pages import from there (never from here: this table imports the
 * pages, and nothing but the `/host/$` route imports this table).
 */
const PAGES = {
  '': lazy(() => import('../components/host-dinners').then((m) => ({ default: m.HostDinners }))),
  'events/$eventId': lazy(() => import('../components/host-night').then((m) => ({ default: m.HostNight }))),
} satisfies Record<HostPath, ComponentType>;

/** What a signed-in guest sees at /host: the console's "not allowed" (the API refuses them anyway). */
const NotAllowed = lazy(() =>
  import('@/features/admin/components/not-allowed').then((m) => ({ default: m.NotAllowed })),
);

/** The host page whose pattern matches `splat` (the path below /host), with its parameters. */
export const matchHostPage = (splat: string) => matchPage(PAGES, splat);

/**
 * The `/host/$` route's component: for a host or an operator (operators may run any dinner's
 * night), the page matching the path or "no such page"; for anyone else "not allowed". The route's
 * `beforeLoad` made sure of the session; the role is read from that same query.
 */
export function HostPages() {
  usePageTitle('Your dinners');
  return (
    <>
      <AppHeader column="max-w-3xl px-4 sm:px-6" />
      <HostPage />
    </>
  );
}

function HostPage() {
  const { data } = useSessionQuery();
  const { _splat: splat = '' } = useParams({ strict: false }) as { _splat?: string };
  const role = data?.user?.role;
  if (role !== 'host' && role !== 'operator')
    return (
      <Suspense fallback={null}>
        <NotAllowed />
      </Suspense>
    );
  return (
    <PageOf
      pages={PAGES}
      splat={splat}
      notFound={
        <main className="mx-auto max-w-3xl px-4 py-16 text-center">
          <h1 className="text-2xl font-bold">No such page</h1>
          <p className="mt-4">
            <HostLink to="" className="link">
              Back to your dinners
            </HostLink>
          </p>
        </main>
      }
    />
  );
}
