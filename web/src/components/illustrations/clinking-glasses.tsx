/** Two glasses meeting in a toast, with a little sparkle. Decorative. */
export function ClinkingGlassesIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 120 120" className={className} aria-hidden="true" focusable="false">
      <g transform="rotate(-14 42 70)">
        <path
          d="M26 30 h32 l-3 26 a13 13 0 0 1 -26 0z"
          fill="#fecaca"
          stroke="#9a3412"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <path d="M29 44 h26 l-1.5 12 a11 11 0 0 1 -23 0z" fill="#b91c1c" opacity="0.85" />
        <path d="M42 69 v24 M32 95 h20" stroke="#9a3412" strokeWidth="3" strokeLinecap="round" />
      </g>
      <g transform="rotate(14 78 70)">
        <path
          d="M62 30 h32 l-3 26 a13 13 0 0 1 -26 0z"
          fill="#fef3c7"
          stroke="#9a3412"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <path d="M65 42 h26 l-1.5 14 a11 11 0 0 1 -23 0z" fill="#f59e0b" opacity="0.85" />
        <path d="M78 69 v24 M68 95 h20" stroke="#9a3412" strokeWidth="3" strokeLinecap="round" />
      </g>
      <path d="M60 8 v10 M46 14 l5 8 M74 14 l-5 8" stroke="#f59e0b" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
