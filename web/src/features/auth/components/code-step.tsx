import { type FieldElementProps, type FieldStore, reset, setValue, useForm } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { toast } from '@/components/toast';
import { ApiRequestError } from '@/lib/api';
import { CodeSchema, OTP_RESEND_AFTER_S } from '@domain/auth';
import { nextSendAt, type SendCodeFn, useSendCode } from '../api/send-code';
import { type VerifyCodeFn, useVerifyCode } from '../api/verify-code';
import { COPY } from '@domain/copy';

type CodeForm = { code: string };

function CodeInput({
  field,
  props,
  onPasteDigits,
}: {
  field: FieldStore<CodeForm, 'code'>;
  props: FieldElementProps<CodeForm, 'code'>;
  onPasteDigits: (digits: string) => void;
}) {
  useSignals();
  const error = field.error.value;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="auth-code" className="font-medium">
        Verification code
      </label>
      <input
        {...props}
        id="auth-code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        placeholder="••••••"
        value={field.value.value ?? ''}
        // Pasting "123 456" or "Your code is 123456" should still fill six digits.
        onPaste={(e) => {
          const digits = e.clipboardData.getData('text').replace(/\D/g, '').slice(0, 6);
          if (digits) {
            e.preventDefault();
            onPasteDigits(digits);
          }
        }}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? 'auth-code-hint auth-code-error' : 'auth-code-hint'}
        className={`input w-full rounded-xl text-center font-mono text-2xl tracking-[0.5em] ${error ? 'input-error' : ''}`}
        autoFocus
      />
      {error && (
        <p id="auth-code-error" className="text-error text-sm font-medium">
          {error}
        </p>
      )}
    </div>
  );
}

/** Whole seconds from now until `at` (epoch ms), ticking down to 0 while a component shows it. */
function useSecondsUntil(at: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (at <= Date.now()) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= at) clearInterval(timer);
    }, 500);
    return () => clearInterval(timer);
  }, [at]);
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** e.g. 27 → '0:27', 1185 → '19:45'. */
const minutesSeconds = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/**
 * 'Resend code', counting down to when the server will send this phone another code: the time it
 * gave with the last code (`resend_in`: 30 s, longer once the hour's allowance is spent) or with a
 * refusal (Retry-After), so the guest never runs into 'Too many attempts'.
 */
function ResendCode({
  phone,
  e164,
  getBotToken,
  resetBotCheck,
  onResent,
  send: sendFn,
}: {
  phone: string;
  e164: string;
  getBotToken?: () => Promise<string | undefined>;
  resetBotCheck?: () => void;
  onResent: () => void;
  send?: SendCodeFn;
}) {
  const send = useSendCode(sendFn);
  const [availableAt, setAvailableAt] = useState(() => nextSendAt(phone) ?? Date.now() + OTP_RESEND_AFTER_S * 1000);
  const wait = useSecondsUntil(availableAt);

  const resend = async () => {
    try {
      const token = await getBotToken?.();
      const res = await send.mutateAsync({ phone, ...(token ? { turnstile_token: token } : {}) });
      toast({ title: COPY.auth.codeResentTitle, description: `We sent a new 6-digit code to ${res.phone}.` });
      onResent();
    } catch (e) {
      resetBotCheck?.();
      toast({
        title: COPY.common.errorTitle,
        description: e instanceof ApiRequestError ? e.message : COPY.auth.sendFailed,
        variant: 'destructive',
      });
    } finally {
      setAvailableAt(nextSendAt(phone) ?? Date.now());
    }
  };

  return (
    <div className="flex flex-wrap items-center justify-center gap-x-1 text-sm">
      <span className="text-base-content/80">Didn't get it?</span>
      <button
        type="button"
        className="btn btn-link btn-sm px-1 tabular-nums disabled:bg-transparent disabled:text-base-content/75 disabled:no-underline"
        disabled={wait > 0 || send.isPending}
        onClick={() => void resend()}
        aria-describedby="auth-resend-to"
      >
        {send.isPending
          ? COPY.auth.resending
          : wait > 0
            ? `${COPY.auth.resend} in ${minutesSeconds(wait)}`
            : COPY.auth.resend}
      </button>
      <span id="auth-resend-to" className="sr-only">
        to {e164}
      </span>
    </div>
  );
}

/**
 * Step 2 of phone sign-in: the 6-digit code, 'Verify', 'Resend code' (with its countdown) and
 * 'Change Number' (which clears the code). `getBotToken`/`resetBotCheck`: the bot check, for a resend.
 * `send`/`verify`: where codes are asked for and checked (sign-in's by default; the booking box
 * verifies a signed-in guest's phone). `onFailed`: a refusal the caller shows itself (answer true),
 * instead of the 'Verification Failed' toast.
 */
export function CodeStep({
  phone,
  e164,
  onVerified,
  onChangeNumber,
  getBotToken,
  resetBotCheck,
  send,
  verify: verifyFn,
  onFailed,
}: {
  phone: string;
  e164: string;
  onVerified: (next: string) => void;
  onChangeNumber: () => void;
  getBotToken?: () => Promise<string | undefined>;
  resetBotCheck?: () => void;
  send?: SendCodeFn;
  verify?: VerifyCodeFn;
  onFailed?: (error: unknown) => boolean;
}) {
  const [form, { Form, Field }] = useForm<CodeForm>({ initialValues: { code: '' } });
  const verify = useVerifyCode(verifyFn);

  return (
    <Form
      className="flex flex-col gap-4"
      onSubmit={async ({ code }) => {
        const trimmed = (code ?? '').replace(/\s/g, '');
        if (!v.is(CodeSchema, trimmed)) {
          toast({ title: COPY.auth.codeTitle, description: COPY.auth.code, variant: 'destructive' });
          return;
        }
        try {
          const res = await verify.mutateAsync({ phone, code: trimmed });
          onVerified(res.next);
        } catch (e) {
          if (onFailed?.(e)) return;
          const message = e instanceof ApiRequestError ? e.message : COPY.auth.codeTitle;
          toast({ title: COPY.auth.verifyFailedTitle, description: message, variant: 'destructive' });
        }
      }}
    >
      <p id="auth-code-hint" className="text-base-content/80 text-sm">
        Enter the 6-digit code we sent to <span className="font-semibold">{e164}</span>.
      </p>
      <Field name="code">
        {(field, props) => <CodeInput field={field} props={props} onPasteDigits={(d) => setValue(form, 'code', d)} />}
      </Field>
      <button type="submit" className="btn btn-primary w-full rounded-full" disabled={verify.isPending}>
        {verify.isPending ? 'Verifying...' : 'Verify'}
      </button>
      <ResendCode
        phone={phone}
        e164={e164}
        getBotToken={getBotToken}
        resetBotCheck={resetBotCheck}
        send={send}
        onResent={() => reset(form, { initialValues: { code: '' } })}
      />
      <button
        type="button"
        className="btn btn-ghost w-full rounded-full"
        onClick={() => {
          reset(form, { initialValues: { code: '' } });
          onChangeNumber();
        }}
      >
        Change Number
      </button>
    </Form>
  );
}
