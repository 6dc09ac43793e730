import { createFileRoute } from '@tanstack/react-router';
import { ConsolePages } from '@/features/admin/routing/console-pages';

/**
 * Every other console page (`/admin/…`), routed by the console itself so the guest's route
 * tree holds no console page (features/admin/routing/console-pages.tsx); the layout route guards it.
 */
export const Route = createFileRoute('/admin/$')({ component: ConsolePages });
