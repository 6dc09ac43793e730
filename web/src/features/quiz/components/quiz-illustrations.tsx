/**
 * The wizard's three decorative pictures (SPEC §2: drinks, dancing, dinner), drawn as our own
 * inline SVG. Purely decorative, so hidden from assistive technology.
 */
export function DrinksIllustration({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 120 120" className={className} aria-hidden="true" focusable="false">
      <circle cx="60" cy="60" r="56" fill="#f8efe3" />
      <path d="M30 34h28l-14 26z" fill="#f59e0b" stroke="#9a3412" strokeWidth="3" strokeLinejoin="round" />
      <path d="M44 60v26M34 88h20" stroke="#9a3412" strokeWidth="3" strokeLinecap="round" />
      <circle cx="52" cy="30" r="5" fill="#14532d" />
      <path d="M66 40h24l-3 46H69z" fill="#fde68a" stroke="#9a3412" strokeWidth="3" strokeLinejoin="round" />
      <path d="M68 54h20" stroke="#9a3412" strokeWidth="2" />
      <circle cx="75" cy="66" r="2.5" fill="#fff" />
      <circle cx="82" cy="74" r="2" fill="#fff" />
      <path d="M84 40l8-14" stroke="#14532d" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

export function DancingIllustration({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 120 120" className={className} aria-hidden="true" focusable="false">
      <circle cx="60" cy="60" r="56" fill="#fde68a" />
      <circle cx="44" cy="32" r="8" fill="#9a3412" />
      <path
        d="M44 40l-4 24 10 22M40 64l-12 20M42 48l-16-8M44 48l16-12"
        stroke="#9a3412"
        strokeWidth="5"
        strokeLinecap="round"
        fill="none"
      />
      <circle cx="78" cy="36" r="8" fill="#14532d" />
      <path
        d="M78 44l2 22-8 22M80 66l12 18M78 52l-14-12M78 52l16 6"
        stroke="#14532d"
        strokeWidth="5"
        strokeLinecap="round"
        fill="none"
      />
      <path d="M92 20l4-8M100 28l8-2M24 22l-6-6" stroke="#f59e0b" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

export function DinnerIllustration({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 120 120" className={className} aria-hidden="true" focusable="false">
      <circle cx="60" cy="60" r="56" fill="#eddcc6" />
      <ellipse cx="60" cy="66" rx="36" ry="22" fill="#fffaf3" stroke="#9a3412" strokeWidth="3" />
      <ellipse cx="60" cy="64" rx="22" ry="12" fill="#f59e0b" />
      <circle cx="52" cy="62" r="4" fill="#14532d" />
      <circle cx="64" cy="60" r="3" fill="#b91c1c" />
      <circle cx="68" cy="67" r="3.5" fill="#14532d" />
      <path
        d="M18 40v40M14 40v12a4 4 0 0 0 8 0V40"
        stroke="#9a3412"
        strokeWidth="3"
        strokeLinecap="round"
        fill="none"
      />
      <path d="M102 40v40M102 40c6 4 6 16 0 20" stroke="#9a3412" strokeWidth="3" strokeLinecap="round" fill="none" />
      <path
        d="M50 34c0-6 6-6 6-12M62 34c0-6 6-6 6-12"
        stroke="#a16207"
        strokeWidth="2.5"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}
