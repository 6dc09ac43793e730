import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';

/** The console's dashboard (`/admin`); the layout route guards it. */
export const Route = createFileRoute('/admin/')({ component: AdminDashboard });
