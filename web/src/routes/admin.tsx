import { createFileRoute, redirect } from '@tanstack/react-router';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { NotAllowed } from '@/features/admin/components/not-allowed';
import { sessionQueryOptions, useSessionQuery } from '@/lib/session';

/**
 * The operator console (docs/decisions/013). Only `beforeLoad` stays in the app's first bundle
 * (it uses nothing the guest's pages do not already load); the loader and the page are split
 * into chunks of their own. A visitor goes to /auth and comes back; a signed-in account without
 * the operator role sees "not allowed" (the API refuses it anyway).
 */
export const Route = createFileRoute('/admin')({
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions());
    if (!session.user) throw redirect({ to: '/auth', search: { redirect: location.href } });
  },
  component: AdminPage,
});

/**
 * The role comes from the session `beforeLoad` just made sure of. Not from `Route`'s context: a
 * split chunk that imports `Route` back reshuffles shared code into the guest's first bundle.
 */
function AdminPage() {
  const { data } = useSessionQuery();
  return data?.user?.role === 'operator' ? <AdminDashboard /> : <NotAllowed />;
}
