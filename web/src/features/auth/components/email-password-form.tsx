import { setError, useForm, valiForm } from '@modular-forms/react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/toast';
import { ApiRequestError } from '@/lib/api';
import { type SignInInput, SignInSchema, type SignUpDetails, SignUpDetailsSchema } from '@domain/auth';
import { COPY } from '@domain/copy';
import { useAuthConfig } from '../api/get-auth-config';
import { codeStillFresh, useSendCode } from '../api/send-code';
import { useSignIn } from '../api/sign-in';
import { signUp } from '../api/sign-up';
import { verifyCode } from '../api/verify-code';
import { useTurnstile } from '../hooks/use-turnstile';
import { CodeStep } from './code-step';
import { PhoneStep } from './phone-step';
import { TextField } from './text-field';

/** Where the dialog's signed-out half is: SPEC's two forms, and sign-in by a code to the phone. */
type Mode = { kind: 'signup' } | { kind: 'signin'; email: string } | { kind: 'phone' };

const messageOf = (e: unknown, fallback: string = COPY.common.failed) =>
  e instanceof ApiRequestError ? e.message : fallback;

/**
 * A sign-up refused because the phone or email already has an account: said inside the dialog,
 * announced (role="alert") and focused, with the ways to sign in beside it (a toast could not
 * hold them).
 */
function Refusal({ message, children }: { message: string; children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="flex flex-col gap-3 rounded-field border border-error/40 bg-error/5 p-4 text-sm"
    >
      <p>{message}</p>
      {children && <div className="flex flex-wrap gap-2">{children}</div>}
    </div>
  );
}

type SignUpRefusal = { kind: 'phone'; message: string; code: string } | { kind: 'email'; message: string };

/** SPEC §8: a failed sign-up or sign-in in the dialog is a destructive 'Error' toast with the reason. */
const failed = (e: unknown, fallback: string = COPY.common.failed) =>
  toast({ title: COPY.common.errorTitle, description: messageOf(e, fallback), variant: 'destructive' });

/**
 * The dialog's sign-up (SPEC §4, issue 24): the details, then the code sent to the phone, then the
 * account, made with that phone verified, so a later code sign-in reaches it
 * (docs/decisions/028). A phone or email that has an account says so, with the way to sign in.
 */
function SignUpFlow({ onDone, onSwitch }: { onDone: () => void; onSwitch: (mode: Mode) => void }) {
  const [details, setDetails] = useState<SignUpDetails | null>(null);
  const [step, setStep] = useState<{ kind: 'details' } | { kind: 'code'; e164: string }>({ kind: 'details' });
  const [refusal, setRefusal] = useState<SignUpRefusal | null>(null);
  const lastCode = useRef('');
  const config = useAuthConfig();
  const bot = useTurnstile(config.data?.turnstile_site_key);
  const send = useSendCode();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [signingIn, setSigningIn] = useState(false);
  const [form, { Form, Field }] = useForm<SignUpDetails>({
    initialValues: details ?? { full_name: '', phone: '', email: '', password: '' },
    validate: valiForm(SignUpDetailsSchema),
    revalidateOn: 'change',
  });

  /** The phone's account: signs in with the code the sign-up was refused with, kept for this. */
  const signInWithCode = async (phone: string, code: string) => {
    setSigningIn(true);
    try {
      await verifyCode({ phone, code });
      await queryClient.invalidateQueries({ queryKey: ['session'] });
      toast({ title: COPY.auth.signedInTitle, description: COPY.auth.signedInText });
    } catch {
      // The code has run out meanwhile: sign in with a new one.
      onSwitch({ kind: 'phone' });
    } finally {
      setSigningIn(false);
    }
  };

  const refusalView = refusal && (
    <Refusal message={refusal.message}>
      {refusal.kind === 'phone' && details && (
        <button
          type="button"
          className="btn btn-primary btn-sm rounded-full"
          disabled={signingIn}
          onClick={() => void signInWithCode(details.phone, refusal.code)}
        >
          {signingIn ? 'Signing in...' : 'Sign in with this code'}
        </button>
      )}
      {refusal.kind === 'email' && details && (
        <>
          <button
            type="button"
            className="btn btn-primary btn-sm rounded-full"
            onClick={() => onSwitch({ kind: 'signin', email: details.email })}
          >
            Sign in with email and password
          </button>
          <button
            type="button"
            className="btn btn-outline btn-sm rounded-full"
            onClick={() => onSwitch({ kind: 'phone' })}
          >
            Sign in with a code to your phone
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm rounded-full"
            onClick={() => {
              setRefusal(null);
              setStep({ kind: 'details' });
            }}
          >
            Use another email
          </button>
        </>
      )}
    </Refusal>
  );

  if (step.kind === 'code' && details)
    return (
      <div className="flex flex-col gap-3">
        {refusalView}
        <CodeStep
          phone={details.phone}
          e164={step.e164}
          getBotToken={bot.getToken}
          resetBotCheck={bot.reset}
          verify={(input) => {
            lastCode.current = input.code;
            setRefusal(null);
            return signUp({ ...details, code: input.code });
          }}
          onVerified={(next) => {
            toast({ title: COPY.auth.accountCreatedTitle, description: COPY.auth.accountCreatedText });
            onDone();
            // Issue 22: a new account reads the consent notice before its profile is stored.
            void navigate(
              next === '/consent'
                ? { to: '/consent', search: { redirect: '/profile-details' } }
                : { to: '/profile-details' },
            );
          }}
          onChangeNumber={() => {
            setRefusal(null);
            setStep({ kind: 'details' });
          }}
          onFailed={(e) => {
            // A wrong or expired code: the code step's own 'Verification Failed', as on /auth.
            if (!(e instanceof ApiRequestError)) return false;
            if (e.code === 'phone_has_account')
              setRefusal({ kind: 'phone', message: e.message, code: lastCode.current });
            else if (e.code === 'email_has_account') setRefusal({ kind: 'email', message: e.message });
            else return false;
            return true;
          }}
        />
        {config.data?.turnstile_site_key && <div ref={bot.container} />}
      </div>
    );

  return (
    <Form
      className="flex flex-col gap-3"
      onSubmit={async (values) => {
        setRefusal(null);
        setDetails(values);
        // Back from the code with the same phone inside the resend wait: that code is still the one.
        const fresh = codeStillFresh(values.phone);
        if (fresh) {
          setStep({ kind: 'code', e164: fresh });
          return;
        }
        try {
          const token = await bot.getToken();
          const res = await send.mutateAsync({ phone: values.phone, ...(token ? { turnstile_token: token } : {}) });
          setStep({ kind: 'code', e164: res.phone });
        } catch (e) {
          bot.reset();
          if (e instanceof ApiRequestError && e.fields.phone) setError(form, 'phone', e.fields.phone);
          else failed(e, COPY.auth.sendFailed);
        }
      }}
    >
      {refusalView}
      <Field name="full_name">
        {(f, p) => <TextField field={f} props={p} id="book-full-name" label="Full name" autoComplete="name" />}
      </Field>
      <Field name="phone">
        {(f, p) => <TextField field={f} props={p} id="book-phone" label="Phone number" type="tel" autoComplete="tel" />}
      </Field>
      <Field name="email">
        {(f, p) => <TextField field={f} props={p} id="book-email" label="Email" type="email" autoComplete="email" />}
      </Field>
      <Field name="password">
        {(f, p) => (
          <TextField
            field={f}
            props={p}
            id="book-password"
            label="Password"
            type="password"
            autoComplete="new-password"
          />
        )}
      </Field>
      <p className="text-base-content/70 text-sm">We'll text a 6-digit code to your phone to verify it.</p>
      <button type="submit" className="btn btn-primary mt-1 rounded-full" disabled={send.isPending}>
        {send.isPending ? 'Processing...' : 'Sign Up'}
      </button>
      {config.data?.turnstile_site_key && <div ref={bot.container} />}
    </Form>
  );
}

function SignInForm({ email }: { email: string }) {
  const [, { Form, Field }] = useForm<SignInInput>({
    initialValues: { email, password: '' },
    validate: valiForm(SignInSchema),
    revalidateOn: 'change',
  });
  const signIn = useSignIn();
  return (
    <Form
      className="flex flex-col gap-3"
      onSubmit={async (values) => {
        try {
          // The session query refetches before this resolves, so the dialog turns to its signed-in view.
          await signIn.mutateAsync(values);
          toast({ title: COPY.auth.signedInTitle, description: COPY.auth.signedInText });
        } catch (e) {
          failed(e);
        }
      }}
    >
      <Field name="email">
        {(f, p) => <TextField field={f} props={p} id="book-email" label="Email" type="email" autoComplete="email" />}
      </Field>
      <Field name="password">
        {(f, p) => (
          <TextField
            field={f}
            props={p}
            id="book-password"
            label="Password"
            type="password"
            autoComplete="current-password"
          />
        )}
      </Field>
      <button type="submit" className="btn btn-primary mt-2 rounded-full" disabled={signIn.isPending}>
        {signIn.isPending ? 'Processing...' : 'Sign In'}
      </button>
    </Form>
  );
}

/** Sign-in by a code to the phone, inside the dialog: /auth's two steps; the session then turns the dialog to its signed-in view. */
function PhoneSignIn() {
  const config = useAuthConfig();
  const bot = useTurnstile(config.data?.turnstile_site_key);
  const [step, setStep] = useState<{ kind: 'phone'; phone: string } | { kind: 'code'; phone: string; e164: string }>({
    kind: 'phone',
    phone: '',
  });
  return (
    <div className="flex flex-col gap-3">
      {step.kind === 'phone' ? (
        <PhoneStep
          initialPhone={step.phone}
          getBotToken={bot.getToken}
          resetBotCheck={bot.reset}
          onSent={(phone, e164) => setStep({ kind: 'code', phone, e164 })}
        />
      ) : (
        <CodeStep
          phone={step.phone}
          e164={step.e164}
          getBotToken={bot.getToken}
          resetBotCheck={bot.reset}
          onVerified={() => toast({ title: COPY.auth.signedInTitle, description: COPY.auth.signedInText })}
          onChangeNumber={() => setStep({ kind: 'phone', phone: step.phone })}
        />
      )}
      {config.data?.turnstile_site_key && <div ref={bot.container} />}
    </div>
  );
}

/**
 * The signed-out half of the 'Book Your Spot' dialog: sign-up (default) or sign-in, toggled by a
 * link (SPEC §2, §4), and sign-in by a code to the phone, where a refused sign-up points.
 */
export function EmailPasswordForm({ onSignedUp }: { onSignedUp: () => void }) {
  const [mode, setMode] = useState<Mode>({ kind: 'signup' });
  return (
    <div className="flex flex-col gap-3">
      {mode.kind === 'signup' ? (
        <SignUpFlow onDone={onSignedUp} onSwitch={setMode} />
      ) : mode.kind === 'signin' ? (
        <SignInForm key={mode.email} email={mode.email} />
      ) : (
        <PhoneSignIn />
      )}
      {mode.kind === 'signin' && (
        <p className="text-center text-sm">
          <button type="button" className="link link-primary font-medium" onClick={() => setMode({ kind: 'phone' })}>
            Use a code to your phone instead
          </button>
        </p>
      )}
      <p className="text-center text-sm">
        {mode.kind === 'signup' ? 'Already have an account?' : 'New to Tablemates?'}{' '}
        <button
          type="button"
          className="link link-primary font-medium"
          onClick={() => setMode(mode.kind === 'signup' ? { kind: 'signin', email: '' } : { kind: 'signup' })}
        >
          {mode.kind === 'signup' ? 'Sign in' : 'Create an account'}
        </button>
      </p>
    </div>
  );
}
