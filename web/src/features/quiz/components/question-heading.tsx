import { forwardRef } from 'react';

/**
 * A step's question. Focus moves here when a step appears (tabIndex -1), so screen-reader and
 * keyboard users land on the new question instead of a vanished button. The star marks it
 * mandatory; the hidden text says so in words.
 */
export const QuestionHeading = forwardRef<HTMLHeadingElement, { id: string; children: string }>(
  function QuestionHeading({ id, children }, ref) {
    return (
      <h2
        id={id}
        ref={ref}
        tabIndex={-1}
        className="font-display text-2xl font-semibold leading-snug outline-none sm:text-3xl"
      >
        {children}{' '}
        <span aria-hidden="true" className="text-error">
          *
        </span>
        <span className="sr-only">(required)</span>
      </h2>
    );
  },
);
