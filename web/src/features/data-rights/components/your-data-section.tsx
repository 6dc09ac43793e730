import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { DATA_RIGHTS_COPY as COPY } from '@domain/copy-data-rights';
import { EXPORT_URL, useDeleteAccountMutation, useErasurePreviewQuery } from '../api/erasure';

/**
 * /profile's 'Your data' (issue 22): download everything we hold (one JSON file, straight from the
 * Worker as an attachment), or delete the account after reading what goes, what the law keeps and
 * what happens to each upcoming booking.
 */
export function YourDataSection() {
  const headingId = useId();
  const hintId = useId();
  const [deleting, setDeleting] = useState(false);
  return (
    <section className="rounded-box bg-base-100 p-6 shadow-sm" aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 font-display text-2xl font-semibold">
        {COPY.heading}
      </h2>
      <p>{COPY.intro}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <a href={EXPORT_URL} download className="btn btn-outline" aria-describedby={hintId}>
          {COPY.download}
        </a>
        <button type="button" className="btn btn-outline btn-error" onClick={() => setDeleting(true)}>
          {COPY.delete}
        </button>
      </div>
      <p id={hintId} className="mt-2 text-sm text-base-content/80">
        {COPY.downloadHint}
      </p>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </section>
  );
}

/**
 * A native modal <dialog> (the page behind is inert, Escape closes it, focus returns to the opener).
 * 'Keep my account' takes focus first; deleting needs the box ticked. Once deleted, the dialog
 * says so plainly, and closing it leaves the signed-out guest on the home page.
 */
function DeleteAccountDialog(props: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const doneRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const errorId = useId();
  const [confirmed, setConfirmed] = useState(false);
  const [unticked, setUnticked] = useState(false);
  const preview = useErasurePreviewQuery(props.open);
  const mutation = useDeleteAccountMutation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const deleted = mutation.isSuccess;

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (props.open && !d.open) {
      setConfirmed(false);
      setUnticked(false);
      mutation.reset();
      d.showModal();
      keepRef.current?.focus();
    }
    if (!props.open && d.open) d.close();
  }, [props.open, mutation.reset]);

  useEffect(() => {
    if (deleted) doneRef.current?.focus();
  }, [deleted]);

  /** The account is gone: forget the session and everything read with it, then go home. */
  const leave = () => {
    queryClient.setQueryData(['session'], { user: null });
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' && q.queryKey[0] !== 'events' });
    void navigate({ to: '/' });
  };

  const onClose = () => {
    props.onClose();
    if (deleted) leave();
  };

  const submit = () => {
    if (!confirmed) {
      setUnticked(true);
      return;
    }
    mutation.mutate();
  };

  const data = preview.data;
  const error = unticked && !confirmed ? COPY.confirmRequired : mutation.error?.message;

  return (
    <dialog ref={ref} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box max-h-[90vh]">
        {deleted ? (
          <div role="status">
            <h2 id={titleId} className="font-display text-2xl font-bold">
              {COPY.deletedTitle}
            </h2>
            <p className="mt-3">{COPY.deletedText}</p>
            <div className="modal-action">
              <button type="button" ref={doneRef} className="btn btn-primary" onClick={() => ref.current?.close()}>
                Go to the home page
              </button>
            </div>
          </div>
        ) : (
          <>
            <h2 id={titleId} className="font-display text-2xl font-bold">
              {COPY.dialogTitle}
            </h2>
            {preview.isPending && (
              <p role="status" className="mt-3">
                {COPY.loadingPreview}
              </p>
            )}
            {preview.isError && (
              <p role="alert" className="mt-3 text-error">
                {COPY.previewFailed}
              </p>
            )}
            {data && (
              <div className="mt-3 flex flex-col gap-4" data-testid="erasure-preview">
                <div>
                  <h3 className="font-semibold">{COPY.goesHeading}</h3>
                  <ul className="mt-1 list-disc pl-5">
                    {data.goes.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </div>
                <div>
                  <h3 className="font-semibold">{COPY.keptHeading}</h3>
                  <p className="mt-1">{data.kept}</p>
                </div>
                {data.bookings.length > 0 && (
                  <div>
                    <h3 className="font-semibold">{COPY.bookingsHeading}</h3>
                    <ul className="mt-1 flex flex-col gap-2">
                      {data.bookings.map((b) => (
                        <li key={b.id} data-testid="erasure-booking">
                          <span className="font-medium">
                            {b.event_name}, {b.event_date}
                          </span>
                          <span className="block text-sm">{b.says}</span>
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
                {data.notes.length > 0 && (
                  <ul className="list-disc pl-5">
                    {data.notes.map((n) => (
                      <li key={n}>{n}</li>
                    ))}
                  </ul>
                )}
                {data.can_delete && (
                  <label className="flex cursor-pointer items-start gap-3">
                    <input
                      type="checkbox"
                      className="checkbox checkbox-error mt-0.5"
                      checked={confirmed}
                      onChange={(e) => setConfirmed(e.target.checked)}
                      aria-invalid={Boolean(unticked && !confirmed)}
                      aria-describedby={error ? errorId : undefined}
                    />
                    <span>{COPY.confirmLabel}</span>
                  </label>
                )}
              </div>
            )}
            {error && (
              <p id={errorId} role="alert" className="mt-3 text-error">
                {error}
              </p>
            )}
            <div className="modal-action flex-wrap">
              <button type="button" ref={keepRef} className="btn btn-ghost" onClick={() => ref.current?.close()}>
                {COPY.cancel}
              </button>
              {data?.can_delete && (
                <button type="button" className="btn btn-error" disabled={mutation.isPending} onClick={submit}>
                  {mutation.isPending ? COPY.deleting : COPY.confirmButton}
                </button>
              )}
            </div>
          </>
        )}
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1}>
          close
        </button>
      </form>
    </dialog>
  );
}
