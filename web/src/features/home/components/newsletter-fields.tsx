import type { FormEvent } from 'react';
import { Spinner } from '@/components/spinner';
import { COPY } from '@domain/copy';

/**
 * The email field's id: one newsletter form per page (the footer's), and an id that does not
 * depend on where in the tree the form is drawn, so the Worker's first frame of an event page and
 * the SPA that hydrates it agree on it (docs/decisions/010), which `useId` would not.
 */
const NEWSLETTER_EMAIL_ID = 'newsletter-email';

/** The field's new text; read structurally, as the Worker, which renders this too, has no DOM types. */
const typed = (e: { target: unknown }) => (e.target as { value: string }).value;

/**
 * The newsletter form's markup, hook-free: {@link NewsletterForm} gives it the field's state and
 * the sign-up; the Worker draws it empty and idle into an event page's first frame.
 */
export function NewsletterFields({
  email,
  pending,
  onEmail,
  onSubmit,
}: {
  email: string;
  pending: boolean;
  onEmail: (email: string) => void;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    // POST: a submit the page's script has not taken (it has not run yet, or never does) must not
    // put the address in the page's URL, and so in the logs.
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <label htmlFor={NEWSLETTER_EMAIL_ID} className="text-sm font-medium text-neutral-content">
        Email address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={NEWSLETTER_EMAIL_ID}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => onEmail(typed(e))}
          disabled={pending}
          className="input w-full border-none bg-neutral-content text-neutral placeholder:text-neutral/60"
        />
        <button type="submit" className="btn btn-primary min-w-32" disabled={pending}>
          {pending ? (
            <>
              <Spinner size="sm" />
              Subscribing...
            </>
          ) : (
            'Subscribe'
          )}
        </button>
      </div>
      <p className="text-xs text-neutral-content/80">{COPY.newsletter.optIn}</p>
    </form>
  );
}
