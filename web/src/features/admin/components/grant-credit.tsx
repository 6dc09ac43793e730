import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import * as v from 'valibot';
import { toast } from '@/components/toast';
import { ApiRequestError } from '@/lib/api';
import { CONSOLE_COPY } from '@domain/copy-console';
import { MAX_OPERATOR_GRANT } from '@domain/credit';
import { CreditGrant, GRANT_NOTE_MAX } from '@domain/credit-grant';
import { rupees } from '@domain/pricing';
import { useGrantCredit } from '../api/waitlist-api';

const C = CONSOLE_COPY.credit;

/** The guest a grant is for: their account, the name to show, and their balance now. */
export type CreditTarget = { userId: string; name: string; balance: number };

type Errors = { amount?: string; note?: string; form?: string };

/**
 * "Grant credit" from the guest list: a native modal dialog (focus stays inside, Escape closes)
 * with the amount in rupees and a required note, checked by the API's own schema before it is
 * sent; the server's refusal shows beside its field. Success closes it, with the new balance in a toast.
 */
export function GrantCreditDialog({ target, onClose }: { target: CreditTarget | null; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const amountId = useId();
  const noteId = useId();
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const grant = useGrantCredit();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && target && !dialog.open) dialog.showModal();
  }, [target]);

  const close = () => dialogRef.current?.close();
  /** The errors beside their fields, and the focus on the first field that has one (it reads its error). */
  const showErrors = (next: Errors) => {
    setErrors(next);
    const first = next.amount ? amountId : next.note ? noteId : null;
    // After the render that ties the error to its field, so the field is read with it.
    if (first) setTimeout(() => document.getElementById(first)?.focus(), 0);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!target) return;
    // An empty or non-numeric field is sent as NaN, which the schema refuses with the amount's words.
    const parsed = v.safeParse(CreditGrant, { amount: amount.trim() === '' ? Number.NaN : Number(amount), note });
    if (!parsed.success) {
      const flat = v.flatten<typeof CreditGrant>(parsed.issues);
      showErrors({ amount: flat.nested?.amount?.[0], note: flat.nested?.note?.[0], form: flat.root?.[0] });
      return;
    }
    setErrors({});
    grant.mutate(
      { userId: target.userId, ...parsed.output },
      {
        onSuccess: ({ balance }) => {
          close();
          toast({ title: 'Credit granted', description: C.granted(rupees(parsed.output.amount), rupees(balance)) });
        },
        onError: (error) =>
          showErrors(
            error instanceof ApiRequestError && Object.keys(error.fields).length > 0
              ? (error.fields as Errors)
              : { form: error.message },
          ),
      },
    );
  };

  const described = (id: string, error: string | undefined, hint?: string) =>
    [hint, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      className="modal"
      onClose={() => {
        setAmount('');
        setNote('');
        setErrors({});
        grant.reset();
        onClose();
      }}
    >
      <form className="modal-box w-11/12 max-w-lg" noValidate onSubmit={submit}>
        <h2 id={titleId} className="text-xl font-bold">
          Grant credit to {target?.name || 'this guest'}
        </h2>
        {target && (
          <p className="mt-1 text-sm text-base-content/80">
            Balance now: {rupees(target.balance)}. Credit is spent at checkout and expires after 12 months.
          </p>
        )}
        <div className="mt-4 flex flex-col gap-1">
          <label htmlFor={amountId} className="font-medium">
            Amount (₹)
          </label>
          <input
            id={amountId}
            name="amount"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_OPERATOR_GRANT}
            step={1}
            required
            autoComplete="off"
            className={`input input-bordered w-full ${errors.amount ? 'input-error' : ''}`}
            value={amount}
            aria-invalid={Boolean(errors.amount)}
            aria-describedby={described(amountId, errors.amount, `${amountId}-hint`)}
            onChange={(e) => setAmount(e.currentTarget.value)}
          />
          <p id={`${amountId}-hint`} className="text-sm text-base-content/80">
            Whole rupees, up to {rupees(MAX_OPERATOR_GRANT)}.
          </p>
          {errors.amount && (
            <p id={`${amountId}-error`} className="text-sm font-medium text-error">
              {errors.amount}
            </p>
          )}
        </div>
        <div className="mt-3 flex flex-col gap-1">
          <label htmlFor={noteId} className="font-medium">
            Note (why)
          </label>
          <textarea
            id={noteId}
            name="note"
            rows={3}
            required
            maxLength={GRANT_NOTE_MAX}
            className={`textarea textarea-bordered w-full ${errors.note ? 'textarea-error' : ''}`}
            value={note}
            aria-invalid={Boolean(errors.note)}
            aria-describedby={described(noteId, errors.note, `${noteId}-hint`)}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <p id={`${noteId}-hint`} className="text-sm text-base-content/80">
            {note.trim().length}/{GRANT_NOTE_MAX} characters. Kept in the audit log.
          </p>
          {errors.note && (
            <p id={`${noteId}-error`} className="text-sm font-medium text-error">
              {errors.note}
            </p>
          )}
        </div>
        {errors.form && (
          <p role="alert" className="mt-3 text-error">
            {errors.form}
          </p>
        )}
        <div className="modal-action flex-wrap">
          <button type="button" className="btn btn-ghost" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={grant.isPending}>
            {grant.isPending ? 'Granting…' : 'Grant credit'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
