import { Link, type LinkProps, useNavigate, useParams } from '@tanstack/react-router';
import { lazy, type ReactNode } from 'react';
import { fillPath, matchPage, PageOf, type PageTable, type ParamsOf, usePageParams } from '@/lib/page-table';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * The console's pages, routed here rather than in the app's route tree (docs/decisions/017).
 * Every file route sits in the guest's first bundle (its path, its lazy import, its search
 * rules), so each console page there would cost every guest ~110 bytes. The app's tree holds
 * one splat, `/admin/$`, whose lazily loaded component draws {@link ConsolePages}: adding a page
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
  'events/$eventId/tables': lazy(() => import('../components/tables-page').then((m) => ({ default: m.TablesPage }))),
} satisfies PageTable;

export type ConsolePath = keyof typeof PAGES;

/** Each page's name in the browser tab ("Tables · Console — Tablemates"). */
const TITLES: Record<ConsolePath, string> = {
  '': 'Dashboard',
  audit: 'Audit log',
  cities: 'Cities',
  coupons: 'Coupons',
  'events/new': 'New dinner',
  'events/$eventId': 'Guest list',
  'events/$eventId/edit': 'Edit dinner',
  'events/$eventId/tables': 'Tables',
};

/** The tab's title for the console page at `splat` (the console's own for an unknown one). */
export function consoleTitle(splat: string) {
  const page = matchConsolePage(splat);
  return page ? `${TITLES[page.path as ConsolePath]} · Console` : 'Console';
}

/** The console page whose pattern matches `splat` (the path below /admin), with its parameters. */
export const matchConsolePage = (splat: string) => matchPage(PAGES, splat);

/** `events/$eventId` with `{ eventId: 'x' }` → `events/x`. */
export const consoleHref = <P extends ConsolePath>(path: P, params: ParamsOf<P>) => fillPath(path, params);

/** The current console page's path parameters, e.g. `useConsoleParams<'eventId'>().eventId`. */
export const useConsoleParams = usePageParams;

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
  ) =>
    navigate({
      to: '/admin/$',
      params: { _splat: consoleHref(to, (opts.params ?? {}) as ParamsOf<P>) },
      search: opts.search,
    });
}

/** The page the path below /admin names, or "no such page". */
export function ConsolePages() {
  const { _splat: splat = '' } = useParams({ strict: false }) as { _splat?: string };
  usePageTitle(consoleTitle(splat));
  return (
    <PageOf
      pages={PAGES}
      splat={splat}
      notFound={
        <main className="mx-auto max-w-3xl px-4 py-16 text-center">
          <h1 className="text-2xl font-bold">No such console page</h1>
          <p className="mt-4">
            <Link to="/admin/$" params={{ _splat: '' }} className="link">
              Back to the dashboard
            </Link>
          </p>
        </main>
      }
    />
  );
}
