/**
 * Credit (issue 20, docs/decisions/027): money a guest holds with us, in whole rupees. It is granted
 * when a guest who can't make it has their seats taken again (what they paid), or by an operator
 * (an apology); it is spent at checkout before Razorpay; each grant expires 12 months after it was
 * made. Pure rules the API, the cron and the browser share; the ledger
 * (worker/services/ledger/credit.ts) is the only writer of `credit_entries`.
 */
import { canReschedule } from './booking-policy';

/** Kinds of credit entry: two grants, a spend (tied to its order) and the expiry of a grant's rest. */
export const CREDIT_KINDS = ['release', 'operator', 'spent', 'expired'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

/** A grant expires this many months after it was made. */
export const CREDIT_VALIDITY_MONTHS = 12;
/** The most an operator may grant at once (₹): a slip of the keyboard is not a fortune. */
export const MAX_OPERATOR_GRANT = 10_000;

/** When a grant made at `at` expires (same day and time, 12 months on), ISO-8601 UTC. */
export function creditExpiresAt(at: Date): string {
  const d = new Date(at.getTime());
  d.setUTCMonth(d.getUTCMonth() + CREDIT_VALIDITY_MONTHS);
  return d.toISOString();
}

/** What a checkout of `price` takes from a balance: credit pays first, Razorpay the rest. */
export function splitPayment(price: number, balance: number): { credit: number; razorpay: number } {
  const credit = Math.max(0, Math.min(price, balance));
  return { credit, razorpay: price - credit };
}

/** One entry as the rules read it. `counts`: a spend still kept by its order (else it came back). */
export type CreditEntryFacts = {
  id: string;
  kind: CreditKind;
  amount: number;
  grantId?: string | null;
  expiresAt?: string | null;
  createdAt: string;
  counts?: boolean;
};

/**
 * What is left of each grant, spends and expiries taken from the grants that expire first (FIFO by
 * expiry, then age). The expiry job writes off exactly this for a grant past its date.
 * @returns grant id → rupees left
 */
export function grantsLeft(entries: readonly CreditEntryFacts[]): Map<string, number> {
  const grants = entries
    .filter((e) => e.kind === 'release' || e.kind === 'operator')
    .sort((a, b) => (a.expiresAt ?? '').localeCompare(b.expiresAt ?? '') || a.createdAt.localeCompare(b.createdAt));
  // An expiry writes off its own grant; spends come out of whatever expires first.
  const expired = new Map<string, number>();
  for (const e of entries)
    if (e.kind === 'expired' && e.grantId) expired.set(e.grantId, (expired.get(e.grantId) ?? 0) + e.amount);
  let spent = entries.filter((e) => e.kind === 'spent' && e.counts !== false).reduce((sum, e) => sum + e.amount, 0);
  const left = new Map<string, number>();
  for (const g of grants) {
    const rest = g.amount - (expired.get(g.id) ?? 0);
    const used = Math.min(rest, spent);
    spent -= used;
    left.set(g.id, rest - used);
  }
  return left;
}

/** The balance: grants, less what is spent (and kept) and what expired. Never below 0 by construction of the writes. */
export function creditBalance(entries: readonly CreditEntryFacts[]): number {
  let sum = 0;
  for (const e of entries) {
    if (e.kind === 'release' || e.kind === 'operator') sum += e.amount;
    else if (e.kind === 'expired' || (e.kind === 'spent' && e.counts !== false)) sum -= e.amount;
  }
  return sum;
}

/**
 * "Can't make it" is offered from the end of the free-reschedule window until the dinner starts:
 * inside the window a free reschedule is the answer, and it keeps the guest's money whole — unless
 * the booking has used every free move (`movesLeft` false), when releasing is the only way out.
 */
export function releaseState(startsAt: string, now: Date, movesLeft = true): 'reschedule' | 'open' | 'closed' {
  if (movesLeft && canReschedule(startsAt, now)) return 'reschedule';
  return new Date(startsAt).getTime() > now.getTime() ? 'open' : 'closed';
}

export const CREDIT_LABELS: Record<CreditKind, string> = {
  release: 'Your seat was taken again',
  operator: 'From the Tablemates team',
  spent: 'Spent on a dinner',
  expired: 'Expired',
};

export const CREDIT_COPY = {
  releaseInsideWindow: 'You can still reschedule this dinner for free. Choose another date instead.',
  releaseClosed: 'This dinner has started, so the seat can no longer be released.',
  releaseExplainer:
    "We'll put your seats back on sale. If someone takes them before the dinner, you get credit for what you paid, to spend on any dinner within 12 months. If nobody does, there is no credit and no refund.",
  /** The note of a release credit written off because its payment was refunded to the card. */
  writtenOffForRefund: 'Refunded to your card instead',
  notReleasable: 'This booking no longer holds a seat, so there is nothing to release.',
  releaseDone: "Done. Your seats are back on sale; if they're taken, your credit will appear on your profile.",
  notEnoughCredit: "You don't have that much credit any more. Check your balance and try again.",
} as const;
