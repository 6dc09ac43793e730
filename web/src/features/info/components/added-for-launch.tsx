import type { ReactNode } from 'react';
import { GRIEVANCE_COPY } from '@domain/copy-grievances';

/**
 * What issue 22 adds beside SPEC's text on an info page, marked as such in words (not by colour
 * alone): a labelled section under its own heading, so the original text above stays as it was.
 */
export function AddedForLaunch({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} data-testid="added-for-launch" className="mt-16 border-t-2 border-primary/30 pt-2">
      <p className="text-sm font-semibold uppercase tracking-widest text-primary">{GRIEVANCE_COPY.addedForLaunch}</p>
      <h2 id={id} className="mt-2!">
        {heading}
      </h2>
      {children}
    </section>
  );
}
