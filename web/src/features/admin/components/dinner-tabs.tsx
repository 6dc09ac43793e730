import { ConsoleLink } from '../routing/console-links';

/**
 * The tabs of one dinner's console pages (guest list, tables, waitlist, editor): links, since each is a
 * page of its own with its own address. On a phone the row scrolls sideways rather than wrapping.
 */
export function DinnerTabs({ eventId }: { eventId: string }) {
  const link = 'btn btn-ghost btn-sm shrink-0';
  const active = { className: `${link} btn-active`, 'aria-current': 'page' as const };
  const params = { eventId };
  const exact = { exact: true };
  return (
    <nav aria-label="Dinner" className="mt-4 flex gap-1 overflow-x-auto border-b border-base-300 pb-2">
      <ConsoleLink to="events/$eventId" params={params} activeOptions={exact} className={link} activeProps={active}>
        Guest list
      </ConsoleLink>
      <ConsoleLink
        to="events/$eventId/tables"
        params={params}
        activeOptions={exact}
        className={link}
        activeProps={active}
      >
        Tables
      </ConsoleLink>
      <ConsoleLink
        to="events/$eventId/waitlist"
        params={params}
        activeOptions={exact}
        className={link}
        activeProps={active}
      >
        Waitlist
      </ConsoleLink>
      <ConsoleLink
        to="events/$eventId/feedback"
        params={params}
        activeOptions={exact}
        className={link}
        activeProps={active}
      >
        Feedback
      </ConsoleLink>
      <ConsoleLink
        to="events/$eventId/edit"
        params={params}
        activeOptions={exact}
        className={link}
        activeProps={active}
      >
        Edit dinner
      </ConsoleLink>
    </nav>
  );
}
