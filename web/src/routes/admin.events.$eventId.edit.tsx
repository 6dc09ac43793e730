import { createFileRoute } from '@tanstack/react-router';
import { EditDinnerPage } from '@/features/admin/components/dinner-form';

/** Edit a dinner (`/admin/events/:id/edit`); the layout route guards it. */
export const Route = createFileRoute('/admin/events/$eventId/edit')({ component: EditDinnerPage });
