import type { FieldElementProps, FieldPath, FieldStore, FieldValues } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';

type Base<V extends FieldValues, N extends FieldPath<V>> = {
  field: FieldStore<V, N>;
  props: FieldElementProps<V, N>;
  label: string;
  hint?: string;
};

/** Label, control, hint and error, with the error linked to the control and announced. */
function FieldFrame({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}{' '}
        <span aria-hidden="true" className="text-error">
          *
        </span>
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-base-content/80">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, hint: string | undefined, error: string) =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

/** A text-like input (text, email, tel, date) bound to a modular-forms field. */
export function ProfileInput<V extends FieldValues, N extends FieldPath<V>>({
  field,
  props,
  label,
  hint,
  type = 'text',
  autoComplete,
  min,
  max,
}: Base<V, N> & { type?: 'text' | 'email' | 'tel' | 'date'; autoComplete?: string; min?: string; max?: string }) {
  // Reads field signals: without this the errors would never re-render (DESIGN.md).
  useSignals();
  const id = `profile-${String(field.name)}`;
  const error = field.error.value;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input
        {...props}
        id={id}
        type={type}
        autoComplete={autoComplete}
        min={min}
        max={max}
        value={(field.value.value as string | undefined) ?? ''}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={`input w-full ${error ? 'input-error' : ''}`}
      />
    </FieldFrame>
  );
}

/** A select of one enumeration, labels from the domain module. */
export function ProfileSelect<V extends FieldValues, N extends FieldPath<V>>({
  field,
  props,
  label,
  options,
}: Base<V, N> & { options: Record<string, string> }) {
  useSignals();
  const id = `profile-${String(field.name)}`;
  const error = field.error.value;
  return (
    <FieldFrame id={id} label={label} error={error}>
      <select
        {...props}
        id={id}
        value={(field.value.value as string | undefined) ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, undefined, error)}
        className={`select w-full ${error ? 'select-error' : ''}`}
      >
        {Object.entries(options).map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
