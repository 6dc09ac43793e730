import { DINNER_SHARE_COPY } from '@domain/copy-dinner-share';
import { formatIstDate, formatIstDateTime } from '@domain/time';
import { Link } from '@tanstack/react-router';
import { type RefObject, useEffect, useRef } from 'react';
import { ApiRequestError } from '@/lib/api';
import { usePageTitle } from '@/lib/use-page-title';
import { type SharedDinner, useSharedDinner } from '../api/shared-dinner';

const P = DINNER_SHARE_COPY.page;
const INACTIVE = DINNER_SHARE_COPY.inactive;

/** The reason a 404 gives, by its code (`share_dinner_cancelled` → `dinner_cancelled`). */
function inactiveReason(code: string): string {
  const key = code.replace(/^share_/, '');
  return key === 'dinner_cancelled' || key === 'booking_ended' || key === 'expired'
    ? INACTIVE[key]
    : INACTIVE.not_found;
}

/**
 * A page nobody should find by searching: the Worker serves it with `X-Robots-Tag` and the tag
 * (worker/routes/pages.ts); this keeps the tag while the page is shown however it was reached.
 */
function useNoIndex() {
  useEffect(() => {
    if (document.head.querySelector('meta[name="robots"]')) return;
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.appendChild(meta);
    return () => {
      meta.remove();
    };
  }, []);
}

/**
 * What a trusted contact sees (/shared/:token, issue 21, no sign-in): whose dinner, when, the venue
 * once it is revealed, and that it was shared with them; nothing about the other guests. A link
 * turned off, or whose dinner was cancelled or is over, says it is no longer active, and why.
 */
export function SharedDinnerPage({ token }: { token: string }) {
  const query = useSharedDinner(token);
  const heading = useRef<HTMLHeadingElement>(null);
  useNoIndex();
  usePageTitle(P.tabTitle);
  const settled = query.isSuccess || query.isError;
  useEffect(() => {
    // The answer replaces the loading state: a screen reader starts at its heading.
    if (settled) heading.current?.focus();
  }, [settled]);

  if (query.isPending)
    return (
      <main className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-12" aria-busy="true">
        <div className="skeleton h-10 w-2/3" />
        <div className="skeleton h-48 w-full" />
        <p className="sr-only" role="status">
          {P.loading}
        </p>
      </main>
    );

  if (query.isError) {
    const inactive = query.error instanceof ApiRequestError && query.error.status === 404;
    return (
      <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-16 text-center">
        <h1 ref={heading} tabIndex={-1} className="font-display text-3xl font-bold focus:outline-none">
          {inactive ? INACTIVE.title : P.loadFailed}
        </h1>
        <p className="text-lg text-base-content/80" data-testid="shared-inactive">
          {inactive
            ? inactiveReason((query.error as ApiRequestError).code)
            : query.error instanceof ApiRequestError && query.error.status === 429
              ? query.error.message
              : null}
        </p>
        {inactive ? (
          <Link to="/" className="btn btn-outline">
            {P.home}
          </Link>
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => void query.refetch()}>
            {P.retry}
          </button>
        )}
      </main>
    );
  }

  return <SharedDinnerView view={query.data} headingRef={heading} />;
}

function SharedDinnerView({ view, headingRef }: { view: SharedDinner; headingRef: RefObject<HTMLHeadingElement> }) {
  const { dinner, venue } = view;
  const place = [venue.name, venue.address].filter(Boolean).join(', ');
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10 sm:py-12">
      <header className="flex flex-col gap-2">
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">{P.kicker}</p>
        <h1 ref={headingRef} tabIndex={-1} className="font-display text-3xl font-bold focus:outline-none sm:text-4xl">
          {P.title(view.shared_by)}
        </h1>
        <p className="text-lg text-base-content/90" data-testid="shared-by">
          {P.sharedBy(view.shared_by)}
        </p>
      </header>
      <section
        aria-labelledby="shared-dinner-title"
        className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-6"
      >
        <h2 id="shared-dinner-title" className="mb-3 font-display text-2xl font-semibold">
          {dinner.title}
        </h2>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold text-base-content/80">{P.date}</dt>
          <dd data-testid="shared-date">{formatIstDate(dinner.starts_at)}</dd>
          <dt className="font-semibold text-base-content/80">{P.time}</dt>
          <dd data-testid="shared-time">{dinner.time}</dd>
          <dt className="font-semibold text-base-content/80">{P.city}</dt>
          <dd>{dinner.location}</dd>
          <dt className="font-semibold text-base-content/80">{P.venue}</dt>
          <dd data-testid="shared-venue">
            {venue.revealed && venue.name ? (
              <>
                <span className="block font-semibold">{venue.name}</span>
                {venue.address && <span className="block">{venue.address}</span>}
                <a
                  className="link mt-1 inline-block"
                  href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`}
                  target="_blank"
                  rel="noreferrer"
                >
                  {P.map} <span className="sr-only">{P.mapNewTab}</span>
                </a>
              </>
            ) : venue.revealed ? (
              P.venueConfirming
            ) : (
              P.venueLater(formatIstDateTime(venue.reveals_at))
            )}
          </dd>
        </dl>
      </section>
      <p className="text-sm text-base-content/80">{P.privacy}</p>
    </main>
  );
}
