import { Link } from '@tanstack/react-router';
import { ConsoleLink } from '../routing/console-links';

/**
 * The console's own menu, above every console page (the `/admin` layout renders it). Each
 * console page adds its link here. On a phone the row scrolls sideways rather than wrapping
 * into a block that pushes the page below the fold.
 */
export function ConsoleNav() {
  const link = 'btn btn-ghost btn-sm shrink-0';
  const active = { className: `${link} btn-active`, 'aria-current': 'page' as const };
  return (
    <nav aria-label="Console" className="border-b border-base-300 bg-base-100">
      <div className="mx-auto flex max-w-6xl items-center gap-1 overflow-x-auto px-4 py-2 sm:px-6">
        <ConsoleLink to="" activeOptions={{ exact: true }} className={link} activeProps={active}>
          Dashboard
        </ConsoleLink>
        <ConsoleLink to="coupons" className={link} activeProps={active}>
          Coupons
        </ConsoleLink>
        <ConsoleLink to="cities" className={link} activeProps={active}>
          Cities
        </ConsoleLink>
        <ConsoleLink to="reports" className={link} activeProps={active}>
          Reports
        </ConsoleLink>
        <ConsoleLink to="hosts" className={link} activeProps={active}>
          Hosts
        </ConsoleLink>
        <ConsoleLink to="grievances" className={link} activeProps={active}>
          Grievances
        </ConsoleLink>
        <ConsoleLink to="invoices" className={link} activeProps={active}>
          Invoices
        </ConsoleLink>
        <ConsoleLink to="audit" className={link} activeProps={active}>
          Audit log
        </ConsoleLink>
        <Link to="/" className={`${link} ml-auto`}>
          Back to site
        </Link>
      </div>
    </nav>
  );
}
