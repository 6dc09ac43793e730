import { Link, type LinkProps, useNavigate, useParams } from '@tanstack/react-router';
import { type ComponentType, createContext, lazy, type ReactNode, Suspense, useContext } from 'react';

/**
 * The console's pages, routed here rather than in the app's route tree (docs/decisions/017).
 * Every file route sits in the guest's first bundle (its path, its lazy import, its search
 * rules), so each console page there would cost every guest ~110 bytes. The app's tree holds
 * one splat, `/admin/$`, whose lazily loaded component is {@link ConsolePages}: adding a page
 * here costs a guest nothing.
 *
 * A page's path is relative to /admin, with `$name` segments for parameters, e.g.
 * `events/$eventId/edit`. Links and navigation go through {@link ConsoleLink} and
 * {@link useConsoleNavigate}, which take the same paths.
 */
const PAGES = {
  '': lazy(() => import('../components/admin-dashboard').then((m) => ({ default: m.AdminDashboard }))),
  audit: lazy(() => import('../components/audit-log').then((m) => ({ default: m.AuditLogPage }))),
  cities: lazy(() => import('../components/cities-page').then((m) => ({ default: m.CitiesPage }))),
  coupons: lazy(() => import('../components/coupons-page').then((m) => ({ default: m.CouponsPage }))),
  'events/new': lazy(() => import('../components/dinner-form').then((m) => ({ default: m.NewDinnerPage }))),
  'events/$eventId': lazy(() => import('../components/guest-list').then((m) => ({ default: m.GuestList }))),
  'events/$eventId/edit': lazy(() => import('../components/dinner-form').then((m) => ({ default: m.EditDinnerPage }))),
} satisfies Record<string, ComponentType>;

export type ConsolePath = keyof typeof PAGES;
type ParamsOf<P extends string> = P extends `${string}$${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & ParamsOf<Rest>
  : P extends `${string}$${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

/** A path segment as written, or null when it is not valid percent-encoding (e.g. `%E0`). */
function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The page whose pattern matches `splat` (the path below /admin), with its parameters. */
export function matchConsolePage(splat: string): { path: ConsolePath; params: Record<string, string> } | null {
  const parts = splat.split('/').filter(Boolean);
  for (const path of Object.keys(PAGES) as ConsolePath[]) {
    const pattern = path.split('/').filter(Boolean);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = pattern.every((p, i) => {
      if (!p.startsWith('$')) return p === parts[i];
      const value = decoded(parts[i]);
      if (value === null) return false;
      params[p.slice(1)] = value;
      return true;
    });
    if (ok) return { path, params };
  }
  return null;
}

/** `events/$eventId` with `{ eventId: 'x' }` → `events/x`. */
export function consoleHref<P extends ConsolePath>(path: P, params: ParamsOf<P>): string {
  return path.replace(/\$(\w+)/g, (_, name: string) =>
    encodeURIComponent((params as Record<string, string>)[name] ?? ''),
  );
}

const ParamsContext = createContext<Record<string, string>>({});

/** The current console page's path parameters, e.g. `useConsoleParams<'eventId'>().eventId`. */
export function useConsoleParams<K extends string>(): Record<K, string> {
  return useContext(ParamsContext) as Record<K, string>;
}

type ConsoleLinkProps<P extends ConsolePath> = {
  to: P;
  children: ReactNode;
  search?: Record<string, string | undefined>;
} & (keyof ParamsOf<P> extends never ? { params?: undefined } : { params: ParamsOf<P> }) &
  Pick<LinkProps, 'activeOptions' | 'activeProps'> & { className?: string };

/** A link to a console page, by its path below /admin. */
export function ConsoleLink<P extends ConsolePath>({ to, params, search, ...rest }: ConsoleLinkProps<P>) {
  const splat = consoleHref(to, (params ?? {}) as ParamsOf<P>);
  return <Link to="/admin/$" params={{ _splat: splat }} search={search} {...rest} />;
}

/** Navigates to a console page (and its search), like {@link ConsoleLink}. */
export function useConsoleNavigate() {
  const navigate = useNavigate();
  return <P extends ConsolePath>(
    to: P,
    opts: { params?: ParamsOf<P>; search?: Record<string, string | undefined> } = {},
  ) => {
    const splat = consoleHref(to, (opts.params ?? {}) as ParamsOf<P>);
    return navigate({ to: '/admin/$', params: { _splat: splat }, search: opts.search });
  };
}

/** The `/admin/$` route's component: the page matching the path, or "no such page". */
export function ConsolePages() {
  const { _splat: splat = '' } = useParams({ strict: false }) as { _splat?: string };
  const match = matchConsolePage(splat);
  if (!match) {
    return (
      <main className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">No such console page</h1>
        <p className="mt-4">
          <Link to="/admin/$" params={{ _splat: '' }} className="link">
            Back to the dashboard
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
