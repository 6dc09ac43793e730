import { createFileRoute } from '@tanstack/react-router';
import { GuestList } from '@/features/admin/components/guest-list';

/** A dinner's guest list (`/admin/events/:id`); the layout route guards it. */
export const Route = createFileRoute('/admin/events/$eventId/')({ component: GuestList });
