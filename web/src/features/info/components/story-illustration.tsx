import type { ReactElement } from 'react';

/**
 * Our own flat illustrations for the gallery cards (no stock photos, DESIGN "Self-hosted assets").
 * Drawn in the theme's palette; decorative, since each card's title and quote carry the meaning.
 */
export type StoryArt = 'empty-chair' | 'seven-pm' | 'toast' | 'matched' | 'shared-plates' | 'group-chat';

const C = {
  cream: '#fffaf3',
  sand: '#f8efe3',
  tan: '#eddcc6',
  clay: '#9a3412',
  terracotta: '#c2410c',
  leaf: '#14532d',
  sage: '#4d7c5a',
  amber: '#f59e0b',
  ink: '#2b1d14',
};

export function StoryIllustration({ art }: { art: StoryArt }) {
  return (
    <svg viewBox="0 0 320 220" className="h-full w-full" aria-hidden="true" focusable="false">
      <rect width="320" height="220" fill={C.sand} />
      {scenes[art]}
    </svg>
  );
}

const scenes: Record<StoryArt, ReactElement> = {
  'empty-chair': (
    <g>
      <circle cx="250" cy="50" r="26" fill={C.amber} opacity="0.35" />
      <rect x="40" y="120" width="200" height="12" rx="6" fill={C.clay} />
      <rect x="60" y="132" width="8" height="60" fill={C.clay} />
      <rect x="212" y="132" width="8" height="60" fill={C.clay} />
      <ellipse cx="100" cy="114" rx="22" ry="6" fill={C.cream} stroke={C.tan} strokeWidth="2" />
      <ellipse cx="180" cy="114" rx="22" ry="6" fill={C.cream} stroke={C.tan} strokeWidth="2" />
      <rect x="138" y="84" width="4" height="28" fill={C.ink} />
      <path d="M140 70c-5 6-5 12 0 14 5-2 5-8 0-14z" fill={C.amber} />
      <rect x="252" y="70" width="10" height="122" rx="4" fill={C.leaf} />
      <rect x="252" y="128" width="48" height="10" rx="4" fill={C.leaf} />
      <rect x="292" y="128" width="8" height="64" rx="3" fill={C.leaf} />
      <rect x="252" y="138" width="8" height="54" rx="3" fill={C.leaf} />
      <path d="M262 96h26" stroke={C.sage} strokeWidth="6" strokeLinecap="round" />
    </g>
  ),
  'seven-pm': (
    <g>
      <circle cx="110" cy="100" r="62" fill={C.cream} stroke={C.clay} strokeWidth="8" />
      {Array.from({ length: 12 }, (_, i) => {
        const a = (i * Math.PI) / 6;
        return <circle key={a} cx={110 + Math.sin(a) * 48} cy={100 - Math.cos(a) * 48} r="3" fill={C.tan} />;
      })}
      <path d="M110 100V62" stroke={C.ink} strokeWidth="6" strokeLinecap="round" />
      <path d="M110 100L88 130" stroke={C.clay} strokeWidth="6" strokeLinecap="round" />
      <circle cx="110" cy="100" r="6" fill={C.ink} />
      <rect x="196" y="150" width="104" height="10" rx="5" fill={C.leaf} />
      {[214, 248, 282].map((x, i) => (
        <g key={x}>
          <circle cx={x} cy="118" r="14" fill={[C.terracotta, C.amber, C.sage][i]} />
          <rect x={x - 16} y="134" width="32" height="16" rx="8" fill={[C.terracotta, C.amber, C.sage][i]} />
        </g>
      ))}
    </g>
  ),
  toast: (
    <g>
      <circle cx="160" cy="46" r="10" fill={C.amber} />
      <circle cx="132" cy="30" r="5" fill={C.amber} opacity="0.6" />
      <circle cx="190" cy="28" r="6" fill={C.amber} opacity="0.6" />
      <g transform="rotate(-18 120 130)">
        <path d="M96 70h48l-6 54a18 18 0 0 1-36 0z" fill={C.cream} stroke={C.clay} strokeWidth="5" />
        <path d="M100 96h40l-3 28a17 17 0 0 1-34 0z" fill={C.terracotta} />
        <rect x="116" y="142" width="8" height="40" fill={C.clay} />
        <rect x="100" y="180" width="40" height="8" rx="4" fill={C.clay} />
      </g>
      <g transform="rotate(18 200 130)">
        <path d="M176 70h48l-6 54a18 18 0 0 1-36 0z" fill={C.cream} stroke={C.leaf} strokeWidth="5" />
        <path d="M180 96h40l-3 28a17 17 0 0 1-34 0z" fill={C.amber} />
        <rect x="196" y="142" width="8" height="40" fill={C.leaf} />
        <rect x="180" y="180" width="40" height="8" rx="4" fill={C.leaf} />
      </g>
    </g>
  ),
  matched: (
    <g>
      <circle cx="100" cy="96" r="44" fill={C.terracotta} opacity="0.85" />
      <circle cx="160" cy="96" r="44" fill={C.leaf} opacity="0.85" />
      <circle cx="220" cy="96" r="44" fill={C.amber} opacity="0.85" />
      <circle cx="100" cy="86" r="12" fill={C.cream} />
      <circle cx="160" cy="86" r="12" fill={C.cream} />
      <circle cx="220" cy="86" r="12" fill={C.cream} />
      <path d="M80 118a20 16 0 0 1 40 0M140 118a20 16 0 0 1 40 0M200 118a20 16 0 0 1 40 0" fill={C.cream} />
      <path d="M60 178h200" stroke={C.clay} strokeWidth="6" strokeLinecap="round" strokeDasharray="2 14" />
      <path
        d="M152 168l8 8 16-18"
        stroke={C.clay}
        strokeWidth="6"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </g>
  ),
  'shared-plates': (
    <g>
      <ellipse cx="160" cy="110" rx="140" ry="80" fill={C.tan} />
      <circle cx="110" cy="90" r="34" fill={C.cream} stroke={C.clay} strokeWidth="4" />
      <circle cx="110" cy="90" r="20" fill={C.amber} />
      <circle cx="212" cy="92" r="30" fill={C.cream} stroke={C.leaf} strokeWidth="4" />
      <path d="M196 92c6-12 26-12 32 0-6 10-26 10-32 0z" fill={C.sage} />
      <circle cx="162" cy="146" r="26" fill={C.cream} stroke={C.clay} strokeWidth="4" />
      <circle cx="154" cy="142" r="6" fill={C.terracotta} />
      <circle cx="168" cy="150" r="6" fill={C.terracotta} />
      <circle cx="166" cy="136" r="5" fill={C.leaf} />
      <path d="M60 150l36-20M262 150l-30-18" stroke={C.ink} strokeWidth="5" strokeLinecap="round" />
    </g>
  ),
  'group-chat': (
    <g>
      <rect x="112" y="18" width="96" height="184" rx="18" fill={C.ink} />
      <rect x="120" y="34" width="80" height="152" rx="8" fill={C.cream} />
      <rect x="128" y="46" width="52" height="18" rx="9" fill={C.tan} />
      <rect x="140" y="72" width="52" height="18" rx="9" fill={C.leaf} />
      <rect x="128" y="98" width="44" height="18" rx="9" fill={C.tan} />
      <rect x="136" y="124" width="56" height="18" rx="9" fill={C.clay} />
      <circle cx="138" cy="162" r="4" fill={C.sage} />
      <circle cx="150" cy="162" r="4" fill={C.sage} />
      <circle cx="162" cy="162" r="4" fill={C.sage} />
      <path
        d="M52 70c0-14 12-24 28-24s28 10 28 24-12 24-28 24c-4 0-8-1-11-2l-13 8 3-12c-5-5-7-11-7-18z"
        fill={C.amber}
      />
      <path
        d="M268 120c0-14-12-24-28-24s-28 10-28 24 12 24 28 24c4 0 8-1 11-2l13 8-3-12c5-5 7-11 7-18z"
        fill={C.terracotta}
        opacity="0.9"
      />
    </g>
  ),
};
