import { createFileRoute } from '@tanstack/react-router';
import { AuditLogPage } from '@/features/admin/components/audit-log';

type AuditSearch = { event_id?: string };

/** The audit log (`/admin/audit?event_id=`); the layout route guards it. */
export const Route = createFileRoute('/admin/audit')({
  validateSearch: (search: Record<string, unknown>): AuditSearch =>
    typeof search.event_id === 'string' && search.event_id ? { event_id: search.event_id } : {},
  component: AuditLogPage,
});
