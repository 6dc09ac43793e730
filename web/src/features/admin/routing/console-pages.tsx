import { Link, useParams } from '@tanstack/react-router';
import { type ComponentType, lazy } from 'react';
import { matchPage, PageOf } from '@/lib/page-table';
import { usePageTitle } from '@/lib/use-page-title';
import type { ConsolePath } from './console-links';

/** Re-exported for whoever tests the table's paths with its hrefs; pages import it from ./console-links. */
export { consoleHref } from './console-links';

/**
 * The console's pages, routed here rather than in the app's route tree (docs/decisions/017).
 * Every file route sits in the guest's first bundle (its path, its lazy import, its search
 * rules), so each console page there would cost every guest ~110 bytes. The app's tree holds
 * one splat, `/admin/$`, whose lazily loaded component draws {@link ConsolePages}: adding a page
 * here costs a guest nothing.
 *
 * A page's path is relative to /admin, with `$name` segments for parameters, e.g.
 * `events/$eventId/edit`; the paths are listed in ./console-links.tsx, with `ConsoleLink`,
 * `useConsoleNavigate` and `useConsoleParams`, which the pages import from there (never from
 * here: this table imports the pages, and nothing but the console's shell imports this table).
 */
const PAGES = {
  '': lazy(() => import('../components/admin-dashboard').then((m) => ({ default: m.AdminDashboard }))),
  audit: lazy(() => import('../components/audit-log').then((m) => ({ default: m.AuditLogPage }))),
  cities: lazy(() => import('../components/cities-page').then((m) => ({ default: m.CitiesPage }))),
  coupons: lazy(() => import('../components/coupons-page').then((m) => ({ default: m.CouponsPage }))),
  grievances: lazy(() => import('../components/grievances-page').then((m) => ({ default: m.GrievancesPage }))),
  hosts: lazy(() => import('../components/stats-hosts-page').then((m) => ({ default: m.HostsFeedbackPage }))),
  invoices: lazy(() => import('../components/invoices-page').then((m) => ({ default: m.InvoicesPage }))),
  reports: lazy(() => import('../components/reports-page').then((m) => ({ default: m.ReportsPage }))),
  'events/new': lazy(() => import('../components/dinner-form').then((m) => ({ default: m.NewDinnerPage }))),
  'events/$eventId': lazy(() => import('../components/guest-list').then((m) => ({ default: m.GuestList }))),
  'events/$eventId/edit': lazy(() => import('../components/dinner-form').then((m) => ({ default: m.EditDinnerPage }))),
  'events/$eventId/tables': lazy(() => import('../components/tables-page').then((m) => ({ default: m.TablesPage }))),
  'events/$eventId/waitlist': lazy(() =>
    import('../components/waitlist-page').then((m) => ({ default: m.WaitlistPage })),
  ),
  'events/$eventId/feedback': lazy(() =>
    import('../components/dinner-feedback-page').then((m) => ({ default: m.DinnerFeedbackPage })),
  ),
} satisfies Record<ConsolePath, ComponentType>;

/** Each page's name in the browser tab ("Tables · Console — Tablemates"). */
const TITLES: Record<ConsolePath, string> = {
  '': 'Dashboard',
  audit: 'Audit log',
  cities: 'Cities',
  coupons: 'Coupons',
  grievances: 'Grievances',
  hosts: 'Hosts',
  invoices: 'Invoices',
  reports: 'Reports',
  'events/new': 'New dinner',
  'events/$eventId': 'Guest list',
  'events/$eventId/edit': 'Edit dinner',
  'events/$eventId/tables': 'Tables',
  'events/$eventId/waitlist': 'Waitlist',
  'events/$eventId/feedback': 'Feedback',
};

/** The tab's title for the console page at `splat` (the console's own for an unknown one). */
export function consoleTitle(splat: string) {
  const page = matchConsolePage(splat);
  return page ? `${TITLES[page.path as ConsolePath]} · Console` : 'Console';
}

/** The console page whose pattern matches `splat` (the path below /admin), with its parameters. */
export const matchConsolePage = (splat: string) => matchPage(PAGES, splat);

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
