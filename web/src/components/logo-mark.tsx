/**
 * The brand's drawing and wordmark, router-free: the Worker draws them into a page's first frame
 * (web/src/server-render.tsx) without the router; logo.tsx wraps them in the SPA's home link.
 */

/** The brand mark: a round table seen from above with six seats — one table, six to eight strangers. */
export function LogoMark({ className = 'h-9 w-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="23" fill="#9a3412" />
      <circle cx="24" cy="24" r="11" fill="#fffaf3" />
      <circle cx="24" cy="24" r="6.5" fill="#fdba74" />
      {[0, 60, 120, 180, 240, 300].map((deg) => (
        <circle key={deg} cx="24" cy="7.5" r="3.2" fill="#fed7aa" transform={`rotate(${deg} 24 24)`} />
      ))}
    </svg>
  );
}

/** The home link's class and accessible name (the product name alone), shared by both renderers. */
export const LOGO_LINK = { className: 'inline-flex items-center gap-2 rounded-full', 'aria-label': 'Tablemates home' };

/** Mark plus wordmark: the home link's content. */
export function LogoContent({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
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
