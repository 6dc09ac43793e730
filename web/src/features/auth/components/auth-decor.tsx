/**
 * Decorative tiles for /auth (SPEC §2: cheers, coffee, party, cocktails, intimate, film). Our own
 * inline SVG, hidden from assistive technology: they carry no information.
 */
const tiles: Array<{ name: string; bg: string; art: JSX.Element }> = [
  {
    name: 'cheers',
    bg: 'bg-primary/15',
    art: (
      <g fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
        <path d="M22 18h14l-2 20a5 5 0 0 1-10 0z" transform="rotate(-14 29 30)" />
        <path d="M42 18h14l-2 20a5 5 0 0 1-10 0z" transform="rotate(14 49 30)" />
        <path d="M30 44v12M49 44v12M24 58h12M43 58h12" />
        <path d="M36 10l3-5M40 11l1-6M44 12l3-4" />
      </g>
    ),
  },
  {
    name: 'coffee',
    bg: 'bg-secondary/15',
    art: (
      <g fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
        <path d="M18 30h34v10a14 14 0 0 1-14 14h-6a14 14 0 0 1-14-14z" />
        <path d="M52 34h4a6 6 0 0 1 0 12h-5" />
        <path d="M28 14c-3 4 3 6 0 10M38 14c-3 4 3 6 0 10" />
        <path d="M14 62h46" />
      </g>
    ),
  },
  {
    name: 'party',
    bg: 'bg-accent/20',
    art: (
      <g fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
        <path d="M16 62l12-36 24 24z" />
        <path d="M46 14l2 6M58 22l-6 2M54 12l-3 4M30 14c4 0 4 6 8 6M60 36c0 4-6 4-6 8" />
        <circle cx="40" cy="30" r="1.5" fill="currentColor" />
      </g>
    ),
  },
  {
    name: 'cocktails',
    bg: 'bg-primary/10',
    art: (
      <g fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
        <path d="M16 18h40L36 40z" />
        <path d="M36 40v18M26 60h20" />
        <path d="M46 18l8-10" />
        <circle cx="56" cy="8" r="3" />
      </g>
    ),
  },
  {
    name: 'intimate',
    bg: 'bg-secondary/10',
    art: (
      <g fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
        <path d="M30 30h12v28H30z" />
        <path d="M36 30v-4" />
        <path d="M36 12c-5 6-5 10 0 12 5-2 5-6 0-12z" />
        <path d="M14 60h44" />
      </g>
    ),
  },
  {
    name: 'film',
    bg: 'bg-accent/15',
    art: (
      <g fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
        <rect x="14" y="16" width="44" height="40" rx="4" />
        <path d="M22 16v40M50 16v40M14 26h8M14 36h8M14 46h8M50 26h8M50 36h8M50 46h8" />
        <path d="M32 30l8 6-8 6z" />
      </g>
    ),
  },
];

export function AuthDecor() {
  return (
    <div aria-hidden="true" className="grid grid-cols-3 gap-3 sm:gap-4">
      {tiles.map((t, i) => (
        <div
          key={t.name}
          data-decor={t.name}
          className={`${t.bg} text-primary flex aspect-square items-center justify-center rounded-2xl shadow-sm ${i % 3 === 1 ? 'translate-y-4' : ''}`}
        >
          <svg viewBox="0 0 72 72" className="h-3/5 w-3/5" focusable="false">
            {t.art}
          </svg>
        </div>
      ))}
    </div>
  );
}
