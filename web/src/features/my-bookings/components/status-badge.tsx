import { BOOKING_STATUS_LABELS } from '@domain/statuses';

/**
 * A booking's status badge (SPEC §2 Profile: confirmed green, others yellow; §4: status names
 * other than confirmed are not shown, any other status reads as pending). One exception: a
 * booking the guest released ("Can't make it", docs/decisions/027) says so, since nothing about it
 * is pending.
 */
export function StatusBadge({ status }: { status: string }) {
  if (status === 'confirmed') return <span className="badge badge-success">Confirmed</span>;
  if (status === 'released') return <span className="badge badge-neutral">{BOOKING_STATUS_LABELS.released}</span>;
  return <span className="badge badge-warning">Pending</span>;
}
