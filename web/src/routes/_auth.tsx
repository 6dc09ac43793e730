import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireSignIn } from '@/lib/session';

/**
 * Pathless layout guarding signed-in pages: an anonymous visitor goes to /auth, carrying where
 * they were headed so sign-in can return them there.
 */
export const Route = createFileRoute('/_auth')({ beforeLoad: requireSignIn, component: Outlet });
