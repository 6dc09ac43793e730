import { useRef } from 'react';
import { toast } from '@/components/toast';
import { toastError } from '@/components/toast-error';
import { EMAIL_CONFIRM_COPY } from '@domain/email-confirmation';
import { useResendConfirmationMutation } from '../api/email-confirmation';

/**
 * Beside an email nobody has confirmed yet (docs/decisions/026): 'Not confirmed yet' and a button
 * that mails the link again. Booking emails wait for the confirmation.
 */
export function EmailConfirmationNote() {
  const resend = useResendConfirmationMutation();
  /** A send under way, known at once (isPending shows only after the next render): one send per press. */
  const sending = useRef(false);
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2">
      <span className="badge badge-warning badge-sm">{EMAIL_CONFIRM_COPY.notConfirmed}</span>
      {/*
        aria-disabled, not disabled, while sending: a disabled button would drop the keyboard focus
        the guest pressed it with. Presses meanwhile are ignored.
      */}
      <button
        type="button"
        className="btn btn-link btn-xs h-auto min-h-0 p-0 aria-disabled:cursor-not-allowed aria-disabled:text-base-content/75 aria-disabled:no-underline"
        aria-disabled={resend.isPending || undefined}
        onClick={() => {
          if (sending.current) return;
          sending.current = true;
          resend.mutate(undefined, {
            onSuccess: () =>
              toast({ title: EMAIL_CONFIRM_COPY.resentTitle, description: EMAIL_CONFIRM_COPY.resentText }),
            onError: toastError,
            onSettled: () => {
              sending.current = false;
            },
          });
        }}
      >
        {resend.isPending ? EMAIL_CONFIRM_COPY.resending : EMAIL_CONFIRM_COPY.resend}
      </button>
    </div>
  );
}
