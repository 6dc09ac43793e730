import { useForm, valiForm } from '@modular-forms/react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from '@/components/toast';
import { ApiRequestError } from '@/lib/api';
import { type SignInInput, SignInSchema, type SignUpInput, SignUpSchema } from '@domain/auth';
import { useSignIn } from '../api/sign-in';
import { useSignUp } from '../api/sign-up';
import { TextField } from './text-field';
import { COPY } from '@domain/copy';

const failed = (e: unknown) =>
  toast({
    title: COPY.common.errorTitle,
    description: e instanceof ApiRequestError ? e.message : COPY.common.failed,
    variant: 'destructive',
  });

function SignUpForm({ onDone }: { onDone: () => void }) {
  const [, { Form, Field }] = useForm<SignUpInput>({
    initialValues: { full_name: '', phone: '', email: '', password: '' },
    validate: valiForm(SignUpSchema),
    revalidateOn: 'change',
  });
  const signUp = useSignUp();
  const navigate = useNavigate();
  return (
    <Form
      className="flex flex-col gap-3"
      onSubmit={async (values) => {
        try {
          const { created } = await signUp.mutateAsync(values);
          if (!created) {
            // The email had an account and this was its password: a sign-in, as the sign-in form ends.
            toast({ title: COPY.auth.signedInTitle, description: COPY.auth.signedInText });
            return;
          }
          toast({ title: COPY.auth.accountCreatedTitle, description: COPY.auth.accountCreatedText });
          onDone();
          await navigate({ to: '/profile-details' });
        } catch (e) {
          failed(e);
        }
      }}
    >
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
      <button type="submit" className="btn btn-primary mt-2 rounded-full" disabled={signUp.isPending}>
        {signUp.isPending ? 'Processing...' : 'Sign Up'}
      </button>
    </Form>
  );
}

function SignInForm() {
  const [, { Form, Field }] = useForm<SignInInput>({
    initialValues: { email: '', password: '' },
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

/** The signed-out half of the 'Book Your Spot' dialog (email and password, unlike the phone sign-in page): sign-up (default) or sign-in, toggled by a link (SPEC §2, §4). */
export function EmailPasswordForm({ onSignedUp }: { onSignedUp: () => void }) {
  const [mode, setMode] = useState<'signup' | 'signin'>('signup');
  return (
    <div className="flex flex-col gap-3">
      {mode === 'signup' ? <SignUpForm onDone={onSignedUp} /> : <SignInForm />}
      <p className="text-center text-sm">
        {mode === 'signup' ? 'Already have an account?' : 'New to Tablemates?'}{' '}
        <button
          type="button"
          className="link link-primary font-medium"
          onClick={() => setMode(mode === 'signup' ? 'signin' : 'signup')}
        >
          {mode === 'signup' ? 'Sign in' : 'Create an account'}
        </button>
      </p>
    </div>
  );
}
