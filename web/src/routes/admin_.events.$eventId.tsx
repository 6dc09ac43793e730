import { createFileRoute, redirect } from '@tanstack/react-router';
import { GuestList } from '@/features/admin/components/guest-list';
import { NotAllowed } from '@/features/admin/components/not-allowed';
import { sessionQueryOptions, useSessionQuery } from '@/lib/session';

/**
 * A dinner's guest list in the operator console (`/admin/events/:id`, beside `/admin`, not inside
 * its page). As with `/admin`, only `beforeLoad` stays in the first bundle; the page is its own
 * chunk, and reads the role from the session query, not from `Route` (docs/decisions/013).
 */
export const Route = createFileRoute('/admin_/events/$eventId')({
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions());
    if (!session.user) throw redirect({ to: '/auth', search: { redirect: location.href } });
  },
  component: GuestListPage,
});

function GuestListPage() {
  const { data } = useSessionQuery();
  return data?.user?.role === 'operator' ? <GuestList /> : <NotAllowed />;
}
