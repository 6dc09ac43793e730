import type { ReactNode } from 'react';

/**
 * The site's bar, router-free and hook-free (what {@link AppHeader} draws): a real bar in the
 * page's flow, so on a phone it never floats over a heading; `column` is the page's content
 * column (its max width and side padding), so on a wide screen the bar's edges line up with the
 * content below. `children` are the logo and the account side.
 */
export function HeaderBar({ column, children }: { column: string; children: ReactNode }) {
  return (
    <header className="relative z-40 border-b border-base-300 bg-base-100">
      <div className={`mx-auto flex min-h-16 items-center justify-between gap-4 py-2 ${column}`}>{children}</div>
    </header>
  );
}
