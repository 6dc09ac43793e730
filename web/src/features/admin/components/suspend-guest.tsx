import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import * as v from 'valibot';
import { toast } from '@/components/toast';
import { ApiRequestError } from '@/lib/api';
import { SUSPENSION_COPY } from '@domain/copy-reports';
import { rupees } from '@domain/pricing';
import { REPORT_LIMITS, SuspendSchema } from '@domain/reports';
import { formatIstDate, formatIstShort } from '@domain/time';
import { useLiftSuspension, useSuspendUser, useSuspensionPreviewQuery } from '../api/reports-api';

const S = SUSPENSION_COPY;

/** The guest a suspension is about: their account and the name to show. */
export type SuspendTarget = { userId: string; name: string };

/**
 * "Suspend guest" from the reports page or a dinner's guest list: a native modal dialog (focus
 * stays inside, Escape closes) that first says what will happen — how many future bookings are
 * refunded and for how much, read from the server — then takes a reason for the audit log,
 * checked by the API's own schema. A guest already suspended gets "Lift suspension" instead.
 * Success closes it, with what happened in a toast.
 */
export function SuspendGuestDialog({ target, onClose }: { target: SuspendTarget | null; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ reason?: string; form?: string }>({});
  const preview = useSuspensionPreviewQuery(target?.userId ?? null);
  const suspend = useSuspendUser();
  const lift = useLiftSuspension();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && target && !dialog.open) dialog.showModal();
  }, [target]);

  const close = () => dialogRef.current?.close();
  const name = target?.name || 'this guest';
  const data = preview.data;
  const suspendedAt = data?.user.suspended_at ?? null;
  const bookings = data?.future_bookings ?? [];
  const amount =
    data && data.credit_total > 0
      ? `${rupees(data.refund_total)} (and ${rupees(data.credit_total)} of credit)`
      : rupees(data?.refund_total ?? 0);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!target) return;
    const parsed = v.safeParse(SuspendSchema, { reason });
    if (!parsed.success) {
      setError({ reason: parsed.issues[0]?.message });
      setTimeout(() => document.getElementById(reasonId)?.focus(), 0);
      return;
    }
    setError({});
    suspend.mutate(
      { userId: target.userId, reason: parsed.output.reason },
      {
        onSuccess: (result) => {
          close();
          toast({
            title: 'Guest suspended',
            description: result.refunds_queued
              ? S.console.done(name, result.refunds.length)
              : S.errors.refundsNotQueued,
          });
        },
        onError: (err) =>
          setError(
            err instanceof ApiRequestError && err.fields.reason ? { reason: err.fields.reason } : { form: err.message },
          ),
      },
    );
  };
  const liftIt = () => {
    if (!target) return;
    lift.mutate(target.userId, {
      onSuccess: () => {
        close();
        toast({ title: 'Suspension lifted', description: S.console.lifted(name) });
      },
      onError: (err) => setError({ form: err.message }),
    });
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      className="modal"
      onClose={() => {
        setReason('');
        setError({});
        suspend.reset();
        lift.reset();
        onClose();
      }}
    >
      <form className="modal-box w-11/12 max-w-lg" noValidate onSubmit={submit} aria-busy={preview.isPending}>
        <h2 id={titleId} className="text-xl font-bold">
          {S.console.dialogTitle(name)}
        </h2>
        {preview.isPending ? (
          <p role="status" className="mt-3">
            {S.console.loading}
          </p>
        ) : preview.isError ? (
          <p role="alert" className="mt-3 text-error">
            {preview.error.message}
          </p>
        ) : !data?.can_suspend ? (
          <p className="mt-3">{S.console.cannotSuspend}</p>
        ) : suspendedAt ? (
          <>
            <p className="mt-3">{S.console.alreadySuspended(formatIstShort(suspendedAt))}</p>
            <p className="mt-2">{S.console.liftConfirm(name)}</p>
          </>
        ) : (
          <>
            <p className="mt-3 font-medium">{S.console.whatHappens}</p>
            <ul className="mt-1 list-disc pl-5 text-sm" data-testid="suspension-effects">
              {S.console.effects(bookings.length, amount).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {bookings.length > 0 && (
              <ul className="mt-2 text-sm text-base-content/80">
                {bookings.map((b) => (
                  <li key={b.order_id}>
                    {b.event_title}, {formatIstDate(b.starts_at)}: {rupees(b.amount)}
                    {b.credit > 0 ? ` + ${rupees(b.credit)} credit` : ''}
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-4 flex flex-col gap-1">
              <label htmlFor={reasonId} className="font-medium">
                {S.console.reason}
              </label>
              <textarea
                id={reasonId}
                name="reason"
                rows={3}
                maxLength={REPORT_LIMITS.reason.max}
                className={`textarea textarea-bordered w-full ${error.reason ? 'textarea-error' : ''}`}
                value={reason}
                aria-invalid={error.reason ? true : undefined}
                aria-describedby={[`${reasonId}-hint`, error.reason && `${reasonId}-error`].filter(Boolean).join(' ')}
                onChange={(e) => setReason(e.currentTarget.value)}
              />
              <p id={`${reasonId}-hint`} className="text-sm text-base-content/80">
                {S.console.reasonHint}
              </p>
              {error.reason && (
                <p id={`${reasonId}-error`} className="text-sm font-medium text-error">
                  {error.reason}
                </p>
              )}
            </div>
          </>
        )}
        {error.form && (
          <p role="alert" className="mt-3 text-error">
            {error.form}
          </p>
        )}
        <div className="modal-action flex-wrap">
          <button type="button" className="btn btn-ghost" onClick={close}>
            {S.console.cancel}
          </button>
          {data?.can_suspend &&
            (suspendedAt ? (
              <button type="button" className="btn btn-primary" disabled={lift.isPending} onClick={liftIt}>
                {lift.isPending ? S.console.lifting : S.console.lift}
              </button>
            ) : (
              <button type="submit" className="btn btn-error" disabled={suspend.isPending}>
                {suspend.isPending ? S.console.confirming : S.console.confirm}
              </button>
            ))}
        </div>
      </form>
    </dialog>
  );
}
