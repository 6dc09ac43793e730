import { type FieldElementProps, type FieldStore, setError, useForm, valiForm } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { Link, useNavigate } from '@tanstack/react-router';
import {
  DOB_MIN,
  type ProfileFormValues,
  ProfileSchema,
  RELATIONSHIP_LABELS,
  SEX_LABELS,
  WORK_LABELS,
} from '@domain/profile';
import { toast } from '@/components/toast';
import { ApiRequestError } from '@/lib/api';
import { useSaveProfileMutation } from '../api/save-profile';
import { DobYearPicker } from './dob-year-picker';
import { ProfileInput, ProfileSelect } from './profile-field';
import { COPY } from '@domain/copy';
import { CONSENT_REQUIRED } from '@domain/consent';
import { todayIst } from '@domain/time';

const FIELD_NAMES = [
  'full_name',
  'email',
  'phone_number',
  'date_of_birth',
  'sex',
  'relationship_status',
  'work_profile',
  'seat_with_women',
] as const;

/**
 * The profile-details form (SPEC §2, §5). The same `ProfileSchema` the API uses validates here,
 * so a guest sees the spec's message before any request; the server's answer (duplicate email,
 * session gone) lands on the field and in a toast.
 *
 * The first save goes on to /events (SPEC §2). `edit`: a guest changing a saved profile (from
 * /profile's 'Edit'); saving returns to /profile with a calm 'Profile updated', and 'Cancel'
 * leaves without saving.
 */
export function ProfileDetailsForm({
  initialValues,
  edit = false,
}: {
  initialValues: ProfileFormValues;
  edit?: boolean;
}) {
  const navigate = useNavigate();
  const mutation = useSaveProfileMutation();
  const [form, { Form, Field }] = useForm<ProfileFormValues>({
    initialValues,
    validate: valiForm(ProfileSchema),
    validateOn: 'submit',
    revalidateOn: 'change',
  });
  const today = todayIst();

  const onSubmit = async (values: ProfileFormValues) => {
    try {
      await mutation.mutateAsync(values);
      if (!edit) {
        await navigate({ to: '/events' });
        return;
      }
      toast({ title: COPY.profile.updatedTitle, description: COPY.profile.updatedText });
      await navigate({ to: '/profile' });
    } catch (e) {
      const err = e instanceof ApiRequestError ? e : null;
      if (err?.code === CONSENT_REQUIRED) {
        // Issue 22: the notice first (the gate normally shows it before the form); then back here.
        toast({ title: COPY.common.errorTitle, description: err.message, variant: 'destructive' });
        await navigate({
          to: '/consent',
          search: { redirect: edit ? '/profile-details?edit=true' : '/profile-details' },
        });
        return;
      }
      for (const name of FIELD_NAMES) {
        const message = err?.fields[name];
        if (message) setError(form, name, message);
      }
      const known = err && [400, 401, 409].includes(err.status);
      toast({
        title: COPY.common.errorTitle,
        description: known ? err.message : COPY.profile.saveFailed,
        variant: 'destructive',
      });
    }
  };

  return (
    <Form onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Profile details">
      <Field name="full_name">
        {(field, props) => (
          <ProfileInput field={field} props={props} label="Full name" autoComplete="name" hint="First and last name" />
        )}
      </Field>
      <Field name="email">
        {(field, props) => <ProfileInput field={field} props={props} label="Email" type="email" autoComplete="email" />}
      </Field>
      <Field name="phone_number">
        {(field, props) => (
          <ProfileInput
            field={field}
            props={props}
            label="Phone number"
            type="tel"
            autoComplete="tel"
            hint="10-digit mobile number, +91 by default"
          />
        )}
      </Field>
      <Field name="date_of_birth">
        {(field, props) => (
          <ProfileInput
            field={field}
            props={props}
            label="Date of birth"
            type="date"
            min={DOB_MIN}
            max={today}
            hint="You must be 18 or older"
          />
        )}
      </Field>
      <DobYearPicker form={form} today={today} />
      <div className="grid gap-5 sm:grid-cols-3">
        <Field name="sex">
          {(field, props) => <ProfileSelect field={field} props={props} label="Sex" options={SEX_LABELS} />}
        </Field>
        <Field name="relationship_status">
          {(field, props) => (
            <ProfileSelect field={field} props={props} label="Relationship status" options={RELATIONSHIP_LABELS} />
          )}
        </Field>
        <Field name="work_profile">
          {(field, props) => <ProfileSelect field={field} props={props} label="Work profile" options={WORK_LABELS} />}
        </Field>
      </div>
      <Field name="seat_with_women" type="boolean">
        {(field, props) => <SeatWithWomen field={field} props={props} />}
      </Field>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row-reverse">
        <button
          type="submit"
          className="btn btn-primary sm:flex-1"
          disabled={mutation.isPending}
          aria-busy={mutation.isPending}
        >
          {mutation.isPending ? 'Saving...' : edit ? 'Save changes' : 'Save and continue'}
        </button>
        {edit && (
          <Link to="/profile" className="btn btn-ghost sm:flex-1">
            Cancel
          </Link>
        )}
      </div>
    </Form>
  );
}

/**
 * 'Seat me only at tables with at least two other women' (issue 21): optional, off by default, a
 * rule of the matching whenever the guest list allows. Its own component, so the checkbox redraws
 * from the field's signal.
 */
function SeatWithWomen({
  field,
  props,
}: {
  field: FieldStore<ProfileFormValues, 'seat_with_women'>;
  props: FieldElementProps<ProfileFormValues, 'seat_with_women'>;
}) {
  useSignals();
  const id = 'profile-seat_with_women';
  const error = field.error.value;
  return (
    <div className="rounded-box border border-base-300 p-4">
      <div className="flex items-start gap-3">
        <input
          {...props}
          id={id}
          type="checkbox"
          className="checkbox checkbox-primary mt-0.5"
          checked={field.value.value ?? false}
          aria-describedby={[`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
        />
        <div className="min-w-0">
          <label htmlFor={id} className="cursor-pointer font-medium">
            {COPY.profile.seatWithWomenLabel}
          </label>
          <p id={`${id}-hint`} className="mt-1 text-sm text-base-content/80">
            {COPY.profile.seatWithWomenHint}
          </p>
          {error && (
            <p id={`${id}-error`} className="mt-1 text-sm text-error" role="alert">
              {error}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
