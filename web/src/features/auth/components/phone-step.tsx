import { type FieldElementProps, type FieldStore, setError, useForm, valiForm } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import * as v from 'valibot';
import { toast } from '@/components/toast';
import { ApiRequestError } from '@/lib/api';
import { PhoneSchema } from '@domain/auth';
import { codeStillFresh, type SendCodeFn, useSendCode } from '../api/send-code';
import { COPY } from '@domain/copy';

type PhoneForm = { phone: string };

function PhoneInput({
  field,
  props,
}: {
  field: FieldStore<PhoneForm, 'phone'>;
  props: FieldElementProps<PhoneForm, 'phone'>;
}) {
  useSignals();
  const error = field.error.value;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="auth-phone" className="font-medium">
        Phone number
      </label>
      {/*
        One focus ring, on the field as a whole (+91 included): the app's ring (styles.css) on the
        wrapper, none on the bare input inside it, which would otherwise draw a second (issue 14).
      */}
      <div
        className={`input w-full rounded-xl focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-accent ${error ? 'input-error' : ''}`}
      >
        <span className="text-base-content/70 select-none" aria-hidden="true">
          +91
        </span>
        <input
          {...props}
          id="auth-phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="98765 43210"
          value={field.value.value ?? ''}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'auth-phone-hint auth-phone-error' : 'auth-phone-hint'}
          className="grow focus-visible:outline-none!"
        />
      </div>
      <p id="auth-phone-hint" className="text-base-content/70 text-sm">
        Enter your 10-digit mobile number. We'll add +91; for another country, start with its + code.
      </p>
      {error && (
        <p id="auth-phone-error" className="text-error text-sm font-medium">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Step 1 of phone sign-in: the number, 'Send Code' (with the bot check when configured).
 * Calls `onSent` with the number as typed and the E.164 number the code went to. `send`: where the
 * code is asked for (sign-in's by default; the booking box verifies a signed-in guest's phone).
 * `onFailed`: a refusal the caller shows itself (answer true), instead of the error toast.
 */
export function PhoneStep({
  initialPhone,
  onSent,
  getBotToken,
  resetBotCheck,
  send: sendFn,
  onFailed,
}: {
  initialPhone: string;
  onSent: (phone: string, e164: string) => void;
  getBotToken: () => Promise<string | undefined>;
  resetBotCheck: () => void;
  send?: SendCodeFn;
  onFailed?: (error: unknown) => boolean;
}) {
  const [form, { Form, Field }] = useForm<PhoneForm>({
    initialValues: { phone: initialPhone },
    validate: valiForm(v.object({ phone: PhoneSchema })),
    validateOn: 'submit',
    revalidateOn: 'change',
  });
  const send = useSendCode(sendFn);

  return (
    <Form
      className="flex flex-col gap-4"
      onSubmit={async ({ phone }) => {
        // Back from 'Change Number' with the same phone inside the resend wait: the code already
        // sent is still good, and asking again would only be refused.
        const fresh = codeStillFresh(phone);
        if (fresh) {
          onSent(phone, fresh);
          return;
        }
        try {
          const turnstileToken = await getBotToken();
          const res = await send.mutateAsync({ phone, ...(turnstileToken ? { turnstile_token: turnstileToken } : {}) });
          toast({ title: COPY.auth.codeSentTitle, description: `We sent a 6-digit code to ${res.phone}.` });
          onSent(phone, res.phone);
        } catch (e) {
          resetBotCheck();
          if (onFailed?.(e)) return;
          if (e instanceof ApiRequestError && e.fields.phone) {
            setError(form, 'phone', e.fields.phone);
            return;
          }
          toast({
            title: COPY.common.errorTitle,
            description: e instanceof ApiRequestError ? e.message : COPY.auth.sendFailed,
            variant: 'destructive',
          });
        }
      }}
    >
      <Field name="phone">{(field, props) => <PhoneInput field={field} props={props} />}</Field>
      <button type="submit" className="btn btn-primary w-full rounded-full" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send Code'}
      </button>
    </Form>
  );
}
