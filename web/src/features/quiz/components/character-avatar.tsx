import type { ReactNode } from 'react';

/**
 * Small original cartoon portraits for the Family Guy step: simple shapes and colours that
 * hint at each character (glasses, hair, cap, ears) without copying any artwork.
 * Decorative: the option's label names the character.
 */
const SKIN = '#f6d3b3';

function Face({
  bg,
  skin = SKIN,
  children,
  faceRx = 20,
  faceRy = 22,
}: {
  bg: string;
  skin?: string;
  children?: ReactNode;
  faceRx?: number;
  faceRy?: number;
}) {
  return (
    <>
      <circle cx="32" cy="32" r="32" fill={bg} />
      <ellipse cx="32" cy="36" rx={faceRx} ry={faceRy} fill={skin} />
      {children}
    </>
  );
}

const Eyes = ({ y = 32, dx = 7 }: { y?: number; dx?: number }) => (
  <>
    <circle cx={32 - dx} cy={y} r="4" fill="#fff" stroke="#2b1d14" strokeWidth="1" />
    <circle cx={32 + dx} cy={y} r="4" fill="#fff" stroke="#2b1d14" strokeWidth="1" />
    <circle cx={32 - dx + 1} cy={y} r="1.5" fill="#2b1d14" />
    <circle cx={32 + dx + 1} cy={y} r="1.5" fill="#2b1d14" />
  </>
);
const Smile = ({ y = 46 }: { y?: number }) => (
  <path d={`M25 ${y}q7 6 14 0`} stroke="#2b1d14" strokeWidth="2" fill="none" strokeLinecap="round" />
);

const PORTRAITS: Record<string, ReactNode> = {
  peter: (
    <Face bg="#bbf7d0" faceRx={22}>
      <path d="M12 26q20-16 40 0" fill="#5b3a1e" />
      <Eyes />
      <path d="M20 32h24" stroke="#2b1d14" strokeWidth="1.5" />
      <path d="M24 50q8 4 16 0q-2 6-8 7q-6-1-8-7z" fill="#e7b991" />
      <Smile />
    </Face>
  ),
  lois: (
    <Face bg="#fecaca">
      <path d="M10 40q-2-30 22-30t22 30q-4-16-22-18q-18 2-22 18z" fill="#ea580c" />
      <Eyes />
      <path d="M27 47q5 3 10 0" stroke="#b91c1c" strokeWidth="3" strokeLinecap="round" fill="none" />
    </Face>
  ),
  stewie: (
    <>
      <circle cx="32" cy="32" r="32" fill="#ddd6fe" />
      <ellipse cx="32" cy="34" rx="26" ry="17" fill={SKIN} />
      <path d="M14 26q18-8 36 0" stroke="#a16207" strokeWidth="2" fill="none" />
      <Eyes y={32} dx={8} />
      <path d="M28 44q4-2 8 0" stroke="#2b1d14" strokeWidth="2" fill="none" strokeLinecap="round" />
    </>
  ),
  brian: (
    <Face bg="#bfdbfe" skin="#ffffff">
      <ellipse cx="14" cy="30" rx="6" ry="12" fill="#e5e7eb" />
      <ellipse cx="50" cy="30" rx="6" ry="12" fill="#e5e7eb" />
      <Eyes y={30} dx={6} />
      <ellipse cx="32" cy="42" rx="5" ry="3.5" fill="#2b1d14" />
      <path d="M28 50q4 3 8 0" stroke="#2b1d14" strokeWidth="2" fill="none" />
    </Face>
  ),
  meg: (
    <Face bg="#fbcfe8">
      <path d="M10 28q22-26 44 0v-4q-22-14-44 0z" fill="#db2777" />
      <rect x="10" y="20" width="44" height="8" rx="4" fill="#db2777" />
      <path d="M12 30q-2 14 4 20M52 30q2 14-4 20" stroke="#5b3a1e" strokeWidth="4" fill="none" />
      <Eyes y={35} />
      <circle cx="32" cy="44" r="1" fill="#2b1d14" />
      <Smile y={47} />
    </Face>
  ),
  chris: (
    <Face bg="#fef08a" faceRx={22} faceRy={23}>
      <path
        d="M12 24q20-14 40 0q-6-2-10 2q-4-4-10-1q-6-3-10 1q-4-4-10-2z"
        fill="#facc15"
        stroke="#a16207"
        strokeWidth="1"
      />
      <Eyes y={34} />
      <Smile y={47} />
      <circle cx="20" cy="42" r="3" fill="#fca5a5" />
      <circle cx="44" cy="42" r="3" fill="#fca5a5" />
    </Face>
  ),
  quagmire: (
    <Face bg="#fed7aa" faceRy={24}>
      <path d="M14 22q18-12 36 0l-2 4q-16-8-32 0z" fill="#2b1d14" />
      <Eyes y={30} />
      <path d="M24 58q8 8 16 0" stroke="#2b1d14" strokeWidth="1.5" fill="none" />
      <path d="M26 44q6 5 12 0" stroke="#2b1d14" strokeWidth="2" fill="none" strokeLinecap="round" />
    </Face>
  ),
  joe: (
    <Face bg="#c7d2fe">
      <path d="M10 24q22-18 44 0v6H10z" fill="#1e3a8a" />
      <rect x="8" y="27" width="48" height="5" rx="2" fill="#172554" />
      <circle cx="32" cy="18" r="3" fill="#facc15" />
      <Eyes y={37} />
      <path d="M25 48h14" stroke="#2b1d14" strokeWidth="2.5" strokeLinecap="round" />
    </Face>
  ),
  cleveland: (
    <Face bg="#d9f99d" skin="#8d5a3b">
      <path d="M14 24q18-12 36 0" stroke="#2b1d14" strokeWidth="4" fill="none" />
      <Eyes y={33} />
      <path d="M24 44q8-3 16 0" stroke="#2b1d14" strokeWidth="3" strokeLinecap="round" fill="none" />
      <path d="M26 50q6 4 12 0" stroke="#fffaf3" strokeWidth="2" fill="none" strokeLinecap="round" />
    </Face>
  ),
};

export function CharacterAvatar({ character, className = 'h-14 w-14' }: { character: string; className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false" data-character={character}>
      {PORTRAITS[character] ?? <Face bg="#e5e7eb" />}
    </svg>
  );
}
