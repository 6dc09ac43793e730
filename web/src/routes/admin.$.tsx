import { createFileRoute } from '@tanstack/react-router';
import { ConsoleShell } from '@/features/admin/routing/console-shell';
import { requireSignIn } from '@/lib/session';

/**
 * The operator console (docs/decisions/013, 017): `/admin` and every page below it are this one
 * splat, routed by its lazily loaded component (features/admin/routing/console-pages.tsx), which
 * also checks the role; so a guest's first bundle holds this route and the shared sign-in guard,
 * nothing else of the console's. A visitor goes to /auth and comes back; a signed-in account
 * without the operator role sees "not allowed" (the API refuses it anyway).
 */
export const Route = createFileRoute('/admin/$')({ beforeLoad: requireSignIn, component: ConsoleShell });
