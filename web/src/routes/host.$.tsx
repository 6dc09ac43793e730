import { createFileRoute } from '@tanstack/react-router';
import { HostPages } from '@/features/host/routing/host-pages';
import { requireSignIn } from '@/lib/session';

/**
 * The host's pages (docs/decisions/019): `/host` and everything below it is this one splat, routed
 * by its lazily loaded component (features/host/routing/host-pages.tsx), which also checks the
 * role; so a guest's first bundle holds this route and its `beforeLoad` and nothing else of the
 * host's (+137 B gzip; three routes, as the console has, cost +198 B). A visitor goes to /auth and
 * comes back; the API refuses a guest anyway.
 */
export const Route = createFileRoute('/host/$')({ beforeLoad: requireSignIn, component: HostPages });
