/**
 * A long dinner table seen from above: eight guests, plates, glasses, candles and shared dishes.
 * Decorative (the copy around it carries the meaning), so it is hidden from assistive tech.
 */
const guests = [
  { x: 110, y: 52, skin: '#8d5524', hair: '#1f130c' },
  { x: 200, y: 46, skin: '#c68642', hair: '#3b2314' },
  { x: 290, y: 52, skin: '#e0ac69', hair: '#111827' },
  { x: 380, y: 46, skin: '#a0662f', hair: '#7c2d12' },
  { x: 110, y: 268, skin: '#e0ac69', hair: '#3b2314' },
  { x: 200, y: 274, skin: '#8d5524', hair: '#111827' },
  { x: 290, y: 268, skin: '#c68642', hair: '#1f130c' },
  { x: 380, y: 274, skin: '#f1c27d', hair: '#5b3a1e' },
];

export function DinnerTableIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 490 320" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="dt-wood" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#b45309" />
          <stop offset="1" stopColor="#92400e" />
        </linearGradient>
        <radialGradient id="dt-glow" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#fde68a" stopOpacity="0.9" />
          <stop offset="1" stopColor="#fde68a" stopOpacity="0" />
        </radialGradient>
      </defs>
      {/* Guests: shoulders then heads, seen from above. */}
      {guests.map((g) => (
        <g key={`${g.x}-${g.y}`}>
          <ellipse cx={g.x} cy={g.y} rx="30" ry="18" fill={g.y < 160 ? '#14532d' : '#9a3412'} opacity="0.9" />
          <circle cx={g.x} cy={g.y} r="14" fill={g.skin} />
          <path d={`M${g.x - 14} ${g.y} a14 14 0 0 1 28 0 q-14 ${g.y < 160 ? -6 : 6} -28 0z`} fill={g.hair} />
        </g>
      ))}
      <rect x="60" y="80" width="370" height="160" rx="26" fill="url(#dt-wood)" />
      <rect x="60" y="80" width="370" height="160" rx="26" fill="none" stroke="#78350f" strokeWidth="3" />
      {/* Runner */}
      <rect x="80" y="146" width="330" height="28" rx="8" fill="#fef3c7" opacity="0.9" />
      {/* Plates and glasses in front of each guest. */}
      {guests.map((g) => {
        const py = g.y < 160 ? 112 : 208;
        const gy = g.y < 160 ? 100 : 222;
        return (
          <g key={`p-${g.x}-${g.y}`}>
            <circle cx={g.x} cy={py} r="17" fill="#fffaf3" />
            <circle cx={g.x} cy={py} r="11" fill="#fde7cf" />
            <circle cx={g.x + 25} cy={gy} r="6" fill="#fecaca" stroke="#fffaf3" strokeWidth="2" />
          </g>
        );
      })}
      {/* Shared dishes and candles along the runner. */}
      <circle cx="155" cy="160" r="14" fill="#fffaf3" />
      <circle cx="155" cy="160" r="9" fill="#f59e0b" />
      <circle cx="335" cy="160" r="14" fill="#fffaf3" />
      <circle cx="335" cy="160" r="9" fill="#16a34a" />
      <circle cx="245" cy="160" r="16" fill="#fffaf3" />
      <circle cx="245" cy="160" r="11" fill="#dc2626" opacity="0.85" />
      {[200, 290].map((x) => (
        <g key={x}>
          <circle cx={x} cy="160" r="22" fill="url(#dt-glow)" />
          <circle cx={x} cy="160" r="5" fill="#fffaf3" />
          <circle cx={x} cy="160" r="2.2" fill="#f59e0b" />
        </g>
      ))}
    </svg>
  );
}
