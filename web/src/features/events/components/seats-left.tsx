import { FEW_SEATS, seatsLeftLabel } from '@domain/copy-booking';

/**
 * "3 seats left" or "Sold out", from the server's count (SPEC §2 Events list; issue 14: a full
 * dinner must not say 'Available Now'). Few seats and none read in the warning colour. Router- and
 * hook-free: the Worker draws it into /events' first frame.
 */
export function SeatsLeft({ seatsLeft, className = '' }: { seatsLeft: number; className?: string }) {
  const low = seatsLeft <= FEW_SEATS;
  return (
    <p
      className={`flex items-center gap-1.5 text-sm font-semibold ${low ? 'text-error' : 'text-secondary'} ${className}`}
    >
      <svg viewBox="0 0 24 24" className="h-4 w-4 shrink-0" aria-hidden="true" focusable="false">
        <path
          d="M7 3v18M7 13h10v8M7 8h8"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {seatsLeftLabel(seatsLeft)}
    </p>
  );
}
