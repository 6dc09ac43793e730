/** daisyUI's `loading` sizes: a ring as wide as 5, 6 or 7 of its selector units (1.25, 1.5, 1.75 rem). */
const SIZES = { sm: 'size-5', md: 'size-6', lg: 'size-7' } as const;

/**
 * A ring turning while work is under way, in the text's colour. It replaces daisyUI's `loading`,
 * whose masks cost the guest's stylesheet 3 KB raw (issue 23); a handful of utilities draw this.
 * Decorative unless `label` names it, which makes it an image with that name for screen readers.
 * Under reduced motion it stands still: design.css runs every animation once, at once.
 */
export function Spinner({
  size = 'md',
  label,
  className = '',
}: {
  size?: keyof typeof SIZES;
  label?: string;
  className?: string;
}) {
  return (
    <span
      className={`inline-block shrink-0 animate-spin rounded-full border-2 border-current border-e-transparent align-middle ${SIZES[size]} ${className}`}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    />
  );
}
