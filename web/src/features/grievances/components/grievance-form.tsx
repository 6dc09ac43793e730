import { type FieldElementProps, type FieldStore, reset, setError, useForm, valiForm } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { toastError } from '@/components/toast-error';
import { useTurnstile } from '@/features/auth/hooks/use-turnstile';
import { ApiRequestError } from '@/lib/api';
import { useSessionQuery } from '@/lib/session';
import { GRIEVANCE_COPY } from '@domain/copy-grievances';
import { GrievanceSchema } from '@domain/grievance';
import { formatIstDate } from '@domain/time';
import { useFileGrievance } from '../api/file-grievance';
import { useGrievanceOfficer } from '../api/get-grievance-officer';

const T = GRIEVANCE_COPY.form;

type Values = { name: string; email: string; subject: string; description: string };
type Name = keyof Values;
const NAMES: readonly Name[] = ['name', 'email', 'subject', 'description'];

/** One labelled input or textarea, its hint and error tied to it for screen readers. */
function Input({
  field,
  props,
  id,
  label,
  hint,
  type = 'text',
  autoComplete,
  multiline,
}: {
  field: FieldStore<Values, Name>;
  props: FieldElementProps<Values, Name>;
  id: string;
  label: string;
  hint?: string;
  type?: 'text' | 'email';
  autoComplete?: string;
  multiline?: boolean;
}) {
  useSignals();
  const error = field.error.value;
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const common = {
    ...props,
    id,
    value: field.value.value ?? '',
    'aria-invalid': Boolean(error),
    'aria-describedby': describedBy,
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium text-base-content">
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={6} className={`textarea w-full rounded-xl ${error ? 'textarea-error' : ''}`} />
      ) : (
        <input
          {...common}
          type={type}
          autoComplete={autoComplete}
          className={`input w-full rounded-xl ${error ? 'input-error' : ''}`}
        />
      )}
      {hint && (
        <span id={`${id}-hint`} className="text-sm text-base-content/70">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="text-sm font-medium text-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** What the guest sees once filed: the reference to quote and the date it will be resolved by. */
function Filed({
  reference,
  dueAt,
  email,
  onAnother,
}: {
  reference: string;
  dueAt: string;
  email: string;
  onAnother: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      data-testid="grievance-filed"
      className="rounded-box border border-success/40 bg-success/10 p-5 text-base-content"
    >
      <p className="mt-0! font-semibold">{T.filedTitle}</p>
      <p>
        Reference: <strong data-testid="grievance-reference">{reference}</strong>
      </p>
      <p>{T.filed(reference, formatIstDate(dueAt), email)}</p>
      <button type="button" className="btn btn-outline btn-primary btn-sm mt-4" onClick={onAnother}>
        {T.another}
      </button>
    </div>
  );
}

/** The form itself; `initial` is the signed-in guest's name and email, else empty. */
function GrievanceFormFields({
  initial,
  onFiled,
}: {
  initial: Values;
  onFiled: (filed: { reference: string; dueAt: string; email: string }) => void;
}) {
  const [form, { Form, Field }] = useForm<Values>({
    initialValues: initial,
    validate: valiForm(GrievanceSchema),
    revalidateOn: 'change',
  });
  const officer = useGrievanceOfficer();
  const siteKey = officer.data?.turnstile_site_key;
  const bot = useTurnstile(siteKey);
  const file = useFileGrievance();

  return (
    <Form
      aria-labelledby="grievance-form-heading"
      className="mt-4 flex flex-col gap-4"
      onSubmit={async (values) => {
        try {
          const token = await bot.getToken();
          const filed = await file.mutateAsync({ ...values, ...(token ? { turnstile_token: token } : {}) });
          reset(form, { initialValues: initial });
          onFiled({ reference: filed.reference, dueAt: filed.due_at, email: values.email.trim().toLowerCase() });
        } catch (e) {
          bot.reset();
          const fields = e instanceof ApiRequestError ? e.fields : {};
          for (const name of NAMES) if (fields[name]) setError(form, name, fields[name]);
          if (!NAMES.some((name) => fields[name])) toastError(e);
        }
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="name">
          {(f, p) => <Input field={f} props={p} id="grievance-name" label={T.name} autoComplete="name" />}
        </Field>
        <Field name="email">
          {(f, p) => (
            <Input field={f} props={p} id="grievance-email" label={T.email} type="email" autoComplete="email" />
          )}
        </Field>
      </div>
      <Field name="subject">{(f, p) => <Input field={f} props={p} id="grievance-subject" label={T.subject} />}</Field>
      <Field name="description">
        {(f, p) => (
          <Input
            field={f}
            props={p}
            id="grievance-description"
            label={T.description}
            hint={T.descriptionHint}
            multiline
          />
        )}
      </Field>
      {siteKey && <div ref={bot.container} />}
      <div>
        <button type="submit" className="btn btn-primary" disabled={file.isPending}>
          {file.isPending ? T.submitting : T.submit}
        </button>
      </div>
    </Form>
  );
}

/**
 * The grievance form (issue 22), for anyone: a signed-in guest finds their name and email filled
 * in, and their grievance is linked to their account by the server. Filing answers a reference at
 * once; the acknowledgement is already on its way by email.
 */
export function GrievanceForm() {
  const session = useSessionQuery();
  const [filed, setFiled] = useState<{ reference: string; dueAt: string; email: string } | null>(null);
  const user = session.data?.user ? session.data : null;
  const initial: Values = {
    name: (user && 'profile' in user ? user.profile?.full_name : null) ?? user?.user.full_name ?? '',
    email: (user && 'profile' in user ? user.profile?.email : null) ?? user?.user.email ?? '',
    subject: '',
    description: '',
  };
  return (
    <div>
      <h3 id="grievance-form-heading">{T.heading}</h3>
      <p>{T.intro}</p>
      {filed ? (
        <div className="mt-4">
          <Filed {...filed} onAnother={() => setFiled(null)} />
        </div>
      ) : (
        // Drawn again once the session is known, so a signed-in guest's details fill in.
        <GrievanceFormFields key={user?.user.id ?? 'visitor'} initial={initial} onFiled={setFiled} />
      )}
    </div>
  );
}
