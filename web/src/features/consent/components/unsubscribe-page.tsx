import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { api, unwrap } from '@/lib/api';
import { CONSENT_COPY } from '@domain/copy-consent';
import { usePageTitle } from '@/lib/use-page-title';

const U = CONSENT_COPY.unsubscribe;

/** GET /api/unsubscribe: the address a link is for (changes nothing: mail scanners open links). */
const readLink = (token: string) => unwrap(api.unsubscribe.$get({ query: { token } }));
/** POST /api/unsubscribe: the one click. */
const unsubscribe = (token: string) => unwrap(api.unsubscribe.$post({ json: { token } }));

/**
 * Where every marketing email's unsubscribe link lands (issue 22): no sign-in; says which address,
 * one button withdraws, and the result is said in plain words. Opening the link alone changes
 * nothing, since mail scanners open links too. The heading keeps its place and takes focus when
 * the result arrives, so it is announced.
 */
export function UnsubscribePage({ token }: { token: string | undefined }) {
  const link = useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: () => readLink(token ?? ''),
    enabled: Boolean(token),
    retry: false,
  });
  const mutation = useMutation({ mutationFn: unsubscribe });
  const heading = useRef<HTMLHeadingElement>(null);
  const done = mutation.isSuccess;
  const invalid = !token || link.isError;
  useEffect(() => {
    if (done || mutation.isError) heading.current?.focus();
  }, [done, mutation.isError]);

  const title = done ? U.doneTitle : invalid ? U.invalidTitle : U.title;
  usePageTitle(title);
  const email = mutation.data?.email ?? link.data?.email ?? '';

  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-16 text-center">
      <h1 ref={heading} tabIndex={-1} className="font-display text-3xl font-bold">
        {title}
      </h1>
      <div role="status" className="flex flex-col gap-3 text-lg">
        {done ? (
          <p>{U.done(email)}</p>
        ) : invalid ? (
          <p>{link.error?.message ?? CONSENT_COPY.errors.badToken}</p>
        ) : link.isPending ? (
          <p>Loading...</p>
        ) : (
          <>
            <p className="font-medium">{U.intro(email)}</p>
            <p className="text-base text-base-content/80">{U.explain}</p>
          </>
        )}
        {mutation.isError && <p className="text-error">{mutation.error.message || U.failed}</p>}
      </div>
      {!done && !invalid && link.isSuccess && (
        <button
          type="button"
          className="btn btn-primary rounded-full"
          disabled={mutation.isPending}
          onClick={() => token && mutation.mutate(token)}
        >
          {mutation.isPending ? U.working : U.button}
        </button>
      )}
      <Link to="/" className="btn btn-link">
        {U.home}
      </Link>
    </main>
  );
}
