import { type FieldElementProps, type FieldStore, reset, setValue, useForm } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import * as v from 'valibot';
import { toast } from '@/components/toast';
import { ApiRequestError } from '@/lib/api';
import { CodeSchema } from '@domain/auth';
import { useVerifyCode } from '../api/verify-code';
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

/** Step 2 of phone sign-in: the 6-digit code, 'Verify' and 'Change Number' (which clears the code). */
export function CodeStep({
  phone,
  e164,
  onVerified,
  onChangeNumber,
}: {
  phone: string;
  e164: string;
  onVerified: (next: string) => void;
  onChangeNumber: () => void;
}) {
  const [form, { Form, Field }] = useForm<CodeForm>({ initialValues: { code: '' } });
  const verify = useVerifyCode();

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
