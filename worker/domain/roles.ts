/**
 * Who may do what beyond booking (DESIGN.md "Operating the product"): every account is a `guest`;
 * a `host` runs the dinners assigned to them; an `operator` runs the business from the console.
 * `db/schema.ts` builds `users.role`'s CHECK constraint from this list, `npm run role` grants one.
 */
export const ROLES = ['guest', 'host', 'operator'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/**
 * The kinds of operator or host write the audit log records (`audit_log.action`). Each new
 * console write adds its action here.
 */
export const AUDIT_ACTIONS = [
  'event.create',
  'event.update',
  'event.cancel',
  'event.message',
  'order.retry',
  'order.refund',
  'payment_issue.refund',
  'coupon.create',
  'coupon.update',
  'city.create',
  'city.update',
  'event.host_assign',
  'event.host_remove',
  'booking.check_in',
  'tables.match',
  'tables.update',
  'tables.publish',
  'credit.grant',
  'waitlist.offer',
  'grievance.reply',
  // Issue 21: reports and suspensions.
  'report.resolve',
  'user.suspend',
  'user.unsuspend',
  'booking.suspension_refund',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
