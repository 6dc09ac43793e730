import { toast } from '@/components/toast';
import { toastError } from '@/components/toast-error';
import { COPY } from '@domain/copy';
import { useResendConfirmationMutation } from '../api/email-confirmation';

/**
 * Beside an email nobody has confirmed yet (docs/decisions/026): 'Not confirmed yet' and a button
 * that mails the link again. Booking emails wait for the confirmation.
 */
export function EmailConfirmationNote() {
  const resend = useResendConfirmationMutation();
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2">
      <span className="badge badge-warning badge-sm">{COPY.emailConfirm.notConfirmed}</span>
      <button
        type="button"
        className="btn btn-link btn-xs h-auto min-h-0 p-0"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: () => toast({ title: COPY.emailConfirm.resentTitle, description: COPY.emailConfirm.resentText }),
            onError: toastError,
          })
        }
      >
        {resend.isPending ? COPY.emailConfirm.resending : COPY.emailConfirm.resend}
      </button>
    </div>
  );
}
