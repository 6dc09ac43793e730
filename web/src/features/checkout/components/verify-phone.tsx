import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '@/components/toast';
import { useAuthConfig } from '@/features/auth/api/get-auth-config';
import { CodeStep } from '@/features/auth/components/code-step';
import { PhoneStep } from '@/features/auth/components/phone-step';
import { useTurnstile } from '@/features/auth/hooks/use-turnstile';
import { ApiRequestError } from '@/lib/api';
import { useSession } from '@/lib/session';
import { sendVerificationCode, verifyPhone } from '../api/verify-phone';
import { LEDGER_COPY } from '@domain/ledger-rules';

/** The number as the phone field takes it: an Indian mobile without its +91 (the field shows that). */
export const typedPhone = (stored: string | null | undefined) =>
  stored?.startsWith('+91') ? stored.slice(3) : (stored ?? '');

type Step = { kind: 'phone'; phone: string } | { kind: 'code'; phone: string; e164: string };

/**
 * The booking box's phone check (issue 19): a seat needs a verified phone, which an email +
 * password or Google account has not got. /auth's own two steps (the number, then the code with
 * its resend countdown and 'Change Number'), sent to `/api/auth/phone/*` so the phone joins THIS
 * account; `onVerified` then goes on to the payment. A phone another account holds says so, with
 * the way out: sign out and sign in with that phone.
 */
export function VerifyPhone({
  ticketLabel,
  initialPhone,
  redirect,
  onVerified,
  onCancel,
}: {
  /** The ticket being booked, e.g. 'Female', so the guest sees what the check is for. */
  ticketLabel: string;
  /** The profile's phone, E.164 or as typed; empty when it has none. */
  initialPhone: string;
  /** Where sign-in should bring the guest back to, after 'Sign out and use this phone'. */
  redirect: string;
  onVerified: () => void;
  onCancel: () => void;
}) {
  const config = useAuthConfig();
  const bot = useTurnstile(config.data?.turnstile_site_key);
  const { signOut } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'phone', phone: typedPhone(initialPhone) });
  const [taken, setTaken] = useState<string | null>(null);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  // The box's content changed under the guest's hands: say where they are now.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  const done = () => {
    toast({ title: 'Phone verified', description: 'Taking you to payment.' });
    onVerified();
  };
  /**
   * Verified meanwhile (another tab): nothing left to prove, on to the payment. The session still
   * says no phone, so it is fetched again (as a verified code does): the box stops promising a
   * phone check, and the next 'Book Now' goes straight to the payment.
   */
  const verifiedElsewhere = (e: unknown) => {
    if (!(e instanceof ApiRequestError && e.code === 'phone_already_verified')) return false;
    void queryClient.invalidateQueries({ queryKey: ['session'] });
    onVerified();
    return true;
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 border-t border-base-300 pt-5">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="scroll-mt-6 font-display text-xl font-semibold">
          Verify your phone
        </h2>
        <p className="text-sm text-base-content/80">
          {LEDGER_COPY.verifyPhone} We'll text you a 6-digit code, then take you to payment for your{' '}
          <span className="font-semibold">{ticketLabel}</span> ticket.
        </p>
      </div>
      {taken && (
        <div role="alert" className="flex flex-col gap-3 rounded-field border border-error/40 bg-error/5 p-4 text-sm">
          <p>{taken}</p>
          <button
            type="button"
            className="btn btn-outline btn-sm self-start"
            onClick={async () => {
              await signOut();
              await navigate({ to: '/auth', search: { redirect } });
            }}
          >
            Sign out and use this phone
          </button>
        </div>
      )}
      {step.kind === 'phone' ? (
        <PhoneStep
          initialPhone={step.phone}
          send={sendVerificationCode}
          getBotToken={bot.getToken}
          resetBotCheck={bot.reset}
          onSent={(phone, e164) => {
            setTaken(null);
            setStep({ kind: 'code', phone, e164 });
          }}
          onFailed={verifiedElsewhere}
        />
      ) : (
        <CodeStep
          phone={step.phone}
          e164={step.e164}
          send={sendVerificationCode}
          verify={verifyPhone}
          getBotToken={bot.getToken}
          resetBotCheck={bot.reset}
          onVerified={done}
          onChangeNumber={() => {
            setTaken(null);
            setStep({ kind: 'phone', phone: step.phone });
          }}
          onFailed={(e) => {
            if (verifiedElsewhere(e)) return true;
            if (e instanceof ApiRequestError && e.code === 'phone_taken') {
              setTaken(e.message);
              return true;
            }
            return false;
          }}
        />
      )}
      {config.data?.turnstile_site_key && <div ref={bot.container} />}
      <button type="button" className="btn btn-ghost btn-sm self-center" onClick={onCancel}>
        Back to tickets
      </button>
    </section>
  );
}
