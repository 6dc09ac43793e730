/**
 * A booking's status badge (SPEC §2 Profile: confirmed green, others yellow; §4: status names
 * other than confirmed are not shown, any other status reads as pending).
 */
export function StatusBadge({ status }: { status: string }) {
  return status === 'confirmed' ? (
    <span className="badge badge-success">Confirmed</span>
  ) : (
    <span className="badge badge-warning">Pending</span>
  );
}
