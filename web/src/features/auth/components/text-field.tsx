import type { FieldElementProps, FieldPath, FieldStore, FieldValues } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';

/** A labelled text input bound to a modular-forms field, with its error announced and linked. */
export function TextField<T extends FieldValues, N extends FieldPath<T>>({
  field,
  props,
  label,
  type = 'text',
  autoComplete,
  id,
}: {
  field: FieldStore<T, N>;
  props: FieldElementProps<T, N>;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  id: string;
}) {
  useSignals();
  const error = field.error.value;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        {...props}
        id={id}
        type={type}
        autoComplete={autoComplete}
        value={(field.value.value as string | undefined) ?? ''}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`input w-full rounded-xl ${error ? 'input-error' : ''}`}
      />
      {error && (
        <p id={`${id}-error`} className="text-error text-sm font-medium">
          {error}
        </p>
      )}
    </div>
  );
}
