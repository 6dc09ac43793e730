import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * Long-form typography for policy and story pages. We style the descendants here rather than
 * pull in a typography plugin: a handful of rules keeps the CSS budget small (DESIGN targets).
 */
const prose = [
  'text-base leading-relaxed text-base-content/90 [&>:first-child]:mt-0',
  '[&_h2]:mt-12 [&_h2]:scroll-mt-8 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-base-content',
  '[&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-base-content',
  '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-3 [&_ol]:pl-6',
  '[&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-base-content',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:no-underline',
].join(' ');

type InfoPageProps = {
  /** The page's only h1. */
  title: string;
  /** Small overline above the title, e.g. "Policies". */
  eyebrow?: string;
  /** One or two sentences under the title. */
  intro?: ReactNode;
  /** e.g. "Last updated: 1 November 2025" — shown under the intro on policies. */
  updated?: string;
  /** Show the 'Back to Home' button (SPEC §2 names it on most info pages). */
  backToHome?: boolean;
  /** Wide canvas without prose styles, for pages that lay out their own cards (the gallery). */
  wide?: boolean;
  /** The site footer; the route composes it (it carries the newsletter form, another feature's). */
  footer: ReactNode;
  children: ReactNode;
};

/** Shared frame of the info pages: warm header band, readable measure, back button, footer. */
export function InfoPage({
  title,
  eyebrow,
  intro,
  updated,
  backToHome = true,
  wide = false,
  footer,
  children,
}: InfoPageProps) {
  usePageTitle(title);
  return (
    <>
      <main className="min-h-screen">
        <header className="bg-base-200/70 border-b border-base-300">
          <div className={`mx-auto ${wide ? 'max-w-5xl' : 'max-w-3xl'} px-6 pt-8 pb-12 sm:pt-10 sm:pb-16`}>
            <nav aria-label="Site" className="flex items-center justify-between gap-4">
              <Link to="/" className="font-display text-xl font-semibold text-primary">
                Tablemates
              </Link>
              {backToHome && <BackToHome />}
            </nav>
            {eyebrow && <p className="mt-10 text-sm font-semibold uppercase tracking-widest text-primary">{eyebrow}</p>}
            <h1
              className={`${eyebrow ? 'mt-3' : 'mt-10'} text-4xl font-bold leading-tight text-base-content sm:text-5xl`}
            >
              {title}
            </h1>
            {intro && <div className="mt-5 max-w-2xl text-lg leading-relaxed text-base-content/80">{intro}</div>}
            {updated && <p className="mt-4 text-sm text-base-content/70">{updated}</p>}
          </div>
        </header>
        {wide ? (
          <div className="mx-auto max-w-5xl px-6 py-12 sm:py-16">{children}</div>
        ) : (
          <article className={`mx-auto max-w-3xl px-6 py-12 sm:py-16 ${prose}`}>{children}</article>
        )}
      </main>
      {footer}
    </>
  );
}

function BackToHome() {
  return (
    <Link to="/" className="btn btn-outline btn-primary btn-sm">
      <span aria-hidden="true">←</span> Back to Home
    </Link>
  );
}
