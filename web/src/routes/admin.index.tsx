import { createFileRoute } from '@tanstack/react-router';
import { ConsolePages } from '@/features/admin/routing/console-pages';

/** The console's dashboard (`/admin`); the layout route guards it. */
export const Route = createFileRoute('/admin/')({ component: ConsolePages });
