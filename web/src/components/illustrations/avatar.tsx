/** Warm background/foreground pairs, each at least 4.5:1 so the initials read well. */
const palettes = [
  ['#9a3412', '#fffaf3'],
  ['#14532d', '#fffaf3'],
  ['#1e3a8a', '#fffaf3'],
  ['#fde68a', '#2b1d14'],
  ['#6b21a8', '#fffaf3'],
  ['#fed7aa', '#2b1d14'],
] as const;

/**
 * A drawn avatar: initials on a colour picked from the name, so the same person always looks the same.
 * Decorative beside a visible name, hence aria-hidden.
 * @example <InitialsAvatar name="Ananya Sharma" />
 */
export function InitialsAvatar({ name, className = 'h-12 w-12 text-base' }: { name: string; className?: string }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const [bg, fg] = palettes[hash % palettes.length];
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-display font-semibold ${className}`}
      style={{ backgroundColor: bg, color: fg }}
    >
      {initials}
    </span>
  );
}
