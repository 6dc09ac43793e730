import { Link, type LinkProps, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { fillPath, type ParamsOf, usePageParams } from '@/lib/page-table';

/**
 * How the console's pages link to one another (docs/decisions/017): the paths of the console's
 * page table (features/admin/routing/console-pages.tsx), and the link, navigation and parameter
 * helpers typed against them. Kept apart from the table so that a page can link to its
 * neighbours without importing the table that lazily imports it (no import circle).
 *
 * A page's path is relative to /admin, with `$name` segments for parameters, e.g.
 * `events/$eventId/edit`. A new page is a path here and a line in the table; the table is checked
 * against this list, so neither can name a page the other lacks.
 */
export type ConsolePath =
  | ''
  | 'audit'
  | 'cities'
  | 'coupons'
  | 'grievances'
  | 'hosts'
  | 'invoices'
  | 'reports'
  | 'events/new'
  | 'events/$eventId'
  | 'events/$eventId/edit'
  | 'events/$eventId/tables'
  | 'events/$eventId/waitlist'
  | 'events/$eventId/feedback';

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
