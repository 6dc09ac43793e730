import { useId } from 'react';
import { toast } from '@/components/toast';
import { CONSENT_COPY } from '@domain/copy-consent';
import { COPY } from '@domain/copy';
import { useConsentsQuery, useUpdateConsents } from '../api/consents';

const M = CONSENT_COPY.marketing;

/**
 * /profile's marketing consent (issue 22): one labelled switch, saved the moment it changes (no
 * Save button), its state read from the server. Off by default; turning it off also takes the
 * guest's address off the newsletter list.
 */
export function MarketingConsentSection() {
  const id = useId();
  const query = useConsentsQuery();
  const update = useUpdateConsents();
  // While a change is saving, the switch shows what the guest asked for.
  const on = update.isPending ? Boolean(update.variables?.marketing) : Boolean(query.data?.marketing);

  const change = (marketing: boolean) => {
    // Not disabled while saving (a disabled switch drops keyboard focus): a second change waits.
    if (update.isPending) return;
    update.mutate(
      { marketing },
      {
        onSuccess: (view) =>
          toast(
            view.marketing
              ? { title: M.savedOnTitle, description: M.savedOnText }
              : { title: M.savedOffTitle, description: M.savedOffText },
          ),
        onError: () => toast({ title: COPY.common.errorTitle, description: M.failed, variant: 'destructive' }),
      },
    );
  };

  return (
    <section className="rounded-box bg-base-100 p-6 shadow-sm" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="mb-3 font-display text-2xl font-semibold">
        {M.heading}
      </h2>
      {query.isError ? (
        <p role="alert">{M.loadFailed}</p>
      ) : (
        <div className="flex items-start justify-between gap-4">
          <div>
            <label htmlFor={`${id}-switch`} className="cursor-pointer font-medium">
              {M.label}
            </label>
            <p id={`${id}-description`} className="mt-1 text-sm text-base-content/80">
              {M.description}
            </p>
          </div>
          <div className="flex shrink-0 items-center gap-2">
            <span aria-hidden="true" className="text-sm font-medium">
              {on ? M.on : M.off}
            </span>
            <input
              id={`${id}-switch`}
              type="checkbox"
              role="switch"
              className="toggle toggle-primary"
              checked={on}
              aria-describedby={`${id}-description`}
              aria-busy={update.isPending}
              disabled={query.isPending}
              onChange={(e) => change(e.target.checked)}
            />
          </div>
        </div>
      )}
    </section>
  );
}
