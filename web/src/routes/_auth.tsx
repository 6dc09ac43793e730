import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { sessionQueryOptions } from '@/lib/session';

/**
 * Pathless layout guarding signed-in pages: an anonymous visitor goes to /auth, carrying where
 * they were headed so sign-in can return them there.
 */
export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions());
    if (!session.user) throw redirect({ to: '/auth', search: { redirect: location.href } });
    return { session };
  },
  component: Outlet,
});
