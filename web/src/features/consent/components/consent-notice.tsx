import { Link } from '@tanstack/react-router';
import { useRef } from 'react';
import { toast } from '@/components/toast';
import { ApiRequestError } from '@/lib/api';
import { CONSENT_NOTICE_ITEMS, CONSENT_NOTICE_VERSION } from '@domain/consent';
import { CONSENT_COPY } from '@domain/copy-consent';
import { COPY } from '@domain/copy';
import { useUpdateConsents } from '../api/consents';
import { reloadPage } from '../lib/reload-page';

const N = CONSENT_COPY.notice;

/**
 * The itemised consent notice (issue 22, DPDP Rules 2025): what we collect and why, how to
 * withdraw, and one explicit 'I agree' that records the notice's version. Shown after sign-in,
 * before the quiz or a profile is stored. Declining signs the guest out: nothing is stored.
 */
export function ConsentNotice({ onAgreed, onDecline }: { onAgreed: () => void; onDecline: () => void }) {
  const update = useUpdateConsents();
  const agreeing = useRef(false);

  const agree = () => {
    if (agreeing.current) return;
    agreeing.current = true;
    update.mutate(
      { notice_version: CONSENT_NOTICE_VERSION },
      {
        onSuccess: () => {
          toast({ title: N.agreedTitle, description: N.agreedText });
          onAgreed();
        },
        onError: (e) => {
          // This tab runs older code than the server (the notice changed since it loaded): it
          // must not go on showing the old words. Reload, so the guest reads and agrees to the current notice.
          if (e instanceof ApiRequestError && e.code === 'notice_outdated') {
            toast({ title: N.outdatedTitle, description: e.message });
            reloadPage();
            return;
          }
          agreeing.current = false;
          const message = e instanceof ApiRequestError && e.status > 0 && e.status < 500 ? e.message : N.failed;
          toast({ title: COPY.common.errorTitle, description: message, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <article className="rounded-box bg-base-100 p-6 shadow-sm sm:p-8" aria-labelledby="consent-title">
      <h1 id="consent-title" className="font-display text-3xl font-bold sm:text-4xl">
        {N.title}
      </h1>
      <p className="mt-3 text-base-content/80">{N.intro}</p>

      <h2 className="mt-6 font-display text-xl font-semibold">{N.whatHeading}</h2>
      <ul className="mt-3 flex flex-col gap-3">
        {CONSENT_NOTICE_ITEMS.map((item) => (
          <li key={item.data} className="rounded-xl bg-base-200/70 px-4 py-3">
            <p className="font-medium">{item.data}</p>
            <p className="text-sm text-base-content/80">{item.purpose}</p>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-base-content/80">{N.bookingMessages}</p>

      <h2 className="mt-6 font-display text-xl font-semibold">{N.withdrawHeading}</h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-sm">
        {N.withdraw.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="mt-4 text-sm">
        <Link to="/privacy-policy" className="link link-primary">
          {N.policyLink}
        </Link>
      </p>

      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
        <button
          type="button"
          className="btn btn-primary rounded-full sm:min-w-40"
          onClick={agree}
          disabled={update.isPending}
        >
          {update.isPending ? N.agreeing : N.agree}
        </button>
        <button type="button" className="btn btn-ghost rounded-full" onClick={onDecline} disabled={update.isPending}>
          {N.decline}
        </button>
      </div>
      <p className="mt-4 text-xs text-base-content/70">{N.version(CONSENT_NOTICE_VERSION)}</p>
    </article>
  );
}
