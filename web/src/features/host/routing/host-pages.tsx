import { Link, useParams } from '@tanstack/react-router';
import { type ComponentType, createContext, lazy, type ReactNode, Suspense, useContext } from 'react';
import { useSessionQuery } from '@/lib/session';

/**
 * The host's pages, routed here rather than in the app's route tree, as the console's are
 * (docs/decisions/017, 019): the app's tree holds one splat, `/host/$` (which `/host` matches
 * too), whose lazily loaded component is {@link HostPages}. Paths are relative to /host, `$name`
 * for a parameter.
 */
const PAGES = {
  '': lazy(() => import('../components/host-dinners').then((m) => ({ default: m.HostDinners }))),
  'events/$eventId': lazy(() => import('../components/host-night').then((m) => ({ default: m.HostNight }))),
} satisfies Record<string, ComponentType>;

/** What a signed-in guest sees at /host: the console's "not allowed" (the API refuses them anyway). */
const NotAllowed = lazy(() =>
  import('@/features/admin/components/not-allowed').then((m) => ({ default: m.NotAllowed })),
);

export type HostPath = keyof typeof PAGES;
type ParamsOf<P extends string> = P extends `${string}$${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & ParamsOf<Rest>
  : P extends `${string}$${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

/** The page whose pattern matches `splat` (the path below /host), with its parameters. */
export function matchHostPage(splat: string): { path: HostPath; params: Record<string, string> } | null {
  const parts = splat.split('/').filter(Boolean);
  for (const path of Object.keys(PAGES) as HostPath[]) {
    const pattern = path.split('/').filter(Boolean);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = pattern.every((p, i) => {
      if (p.startsWith('$')) params[p.slice(1)] = decodeURIComponent(parts[i]);
      return p.startsWith('$') || p === parts[i];
    });
    if (ok) return { path, params };
  }
  return null;
}

const ParamsContext = createContext<Record<string, string>>({});

/** The current host page's path parameters, e.g. `useHostParams<'eventId'>().eventId`. */
export function useHostParams<K extends string>(): Record<K, string> {
  return useContext(ParamsContext) as Record<K, string>;
}

type HostLinkProps<P extends HostPath> = {
  to: P;
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
} & (keyof ParamsOf<P> extends never ? { params?: undefined } : { params: ParamsOf<P> });

/** A link to a host page, by its path below /host. */
export function HostLink<P extends HostPath>({ to, params, ...rest }: HostLinkProps<P>) {
  const splat = to.replace(/\$(\w+)/g, (_, name: string) =>
    encodeURIComponent((params as Record<string, string> | undefined)?.[name] ?? ''),
  );
  return <Link to="/host/$" params={{ _splat: splat }} {...rest} />;
}

/**
 * The `/host/$` route's component: for a host or an operator (operators may run any dinner's
 * night), the page matching the path or "no such page"; for anyone else "not allowed". The route's
 * `beforeLoad` made sure of the session; the role is read from that same query (see routes/admin.tsx).
 */
export function HostPages() {
  const { data } = useSessionQuery();
  const { _splat: splat = '' } = useParams({ strict: false }) as { _splat?: string };
  const role = data?.user?.role;
  if (role !== 'host' && role !== 'operator')
    return (
      <Suspense fallback={null}>
        <NotAllowed />
      </Suspense>
    );
  const match = matchHostPage(splat);
  if (!match) {
    return (
      <main className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">No such page</h1>
        <p className="mt-4">
          <Link to="/host/$" params={{ _splat: '' }} className="link">
            Back to your dinners
          </Link>
        </p>
      </main>
    );
  }
  const Page = PAGES[match.path];
  return (
    <ParamsContext.Provider value={match.params}>
      <Suspense
        fallback={
          <p role="status" className="py-16 text-center text-base-content/80">
            Loading...
          </p>
        }
      >
        <Page />
      </Suspense>
    </ParamsContext.Provider>
  );
}
