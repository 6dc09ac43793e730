import { createFileRoute } from '@tanstack/react-router';
import { NewDinnerPage } from '@/features/admin/components/dinner-form';

/** A new dinner or weekly series (`/admin/events/new`); the layout route guards it. */
export const Route = createFileRoute('/admin/events/new')({ component: NewDinnerPage });
