import { Link } from '@tanstack/react-router';

/**
 * Mark plus wordmark, linking home. The accessible name is the product name alone. The Worker
 * draws it into the event page's first frame too, its link a plain anchor (docs/decisions/010).
 */
export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <Link to="/" className="inline-flex items-center gap-2 rounded-full" aria-label="Tablemates home">
      <LogoContent tone={tone} />
    </Link>
  );
}

/** The brand mark: a round table seen from above with six seats — one table, six to eight strangers. */
function LogoMark() {
  return (
    <svg viewBox="0 0 48 48" className="h-9 w-9" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="23" fill="#9a3412" />
      <circle cx="24" cy="24" r="11" fill="#fffaf3" />
      <circle cx="24" cy="24" r="6.5" fill="#fdba74" />
      {[0, 60, 120, 180, 240, 300].map((deg) => (
        <circle key={deg} cx="24" cy="7.5" r="3.2" fill="#fed7aa" transform={`rotate(${deg} 24 24)`} />
      ))}
    </svg>
  );
}

/** Mark plus wordmark: the home link's content. */
function LogoContent({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <>
      <LogoMark />
      <span
        className={`font-display text-xl font-semibold tracking-tight ${tone === 'light' ? 'text-neutral-content' : 'text-base-content'}`}
      >
        Tablemates
      </span>
    </>
  );
}
