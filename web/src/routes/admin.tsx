import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { ConsoleNav } from '@/features/admin/components/console-nav';
import { NotAllowed } from '@/features/admin/components/not-allowed';
import { sessionQueryOptions, useSessionQuery } from '@/lib/session';

/**
 * The operator console's layout (docs/decisions/013, 014): `/admin` and every page below it
 * (dashboard, guest list, new dinner, edit) are its children, so this one `beforeLoad` is the
 * only console code in the app's first bundle; the layout and each page are chunks of their own.
 * A visitor goes to /auth and comes back; a signed-in account without the operator role sees "not
 * allowed" (the API refuses it anyway).
 */
export const Route = createFileRoute('/admin')({
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions());
    if (!session.user) throw redirect({ to: '/auth', search: { redirect: location.href } });
  },
  component: AdminLayout,
});

/**
 * The role comes from the session `beforeLoad` just made sure of. Not from `Route`'s context: a
 * split chunk that imports `Route` back reshuffles shared code into the guest's first bundle.
 */
function AdminLayout() {
  const { data } = useSessionQuery();
  if (data?.user?.role !== 'operator') return <NotAllowed />;
  return (
    <>
      <ConsoleNav />
      <Outlet />
    </>
  );
}
