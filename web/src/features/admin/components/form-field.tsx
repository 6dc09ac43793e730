import type { FieldPath, FieldValues, useForm } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';

/**
 * One labelled input of a console form (dinners, coupons, cities): a text or number input, a
 * select when given options as children, or a textarea; its hint and its error (the browser's
 * check or the server's, set with `setError`) tied to it by `aria-describedby`, so a screen reader
 * reads them with the input. `id` is the input's id; the e2e specs find errors by `<id>-error`.
 */
export function FormField<V extends FieldValues>({
  form,
  id,
  name,
  label,
  type = 'text',
  hint,
  list,
  readOnly,
  textarea,
  children,
}: {
  form: ReturnType<typeof useForm<V>>;
  id: string;
  name: FieldPath<V>;
  label: string;
  type?: 'text' | 'number' | 'date' | 'time' | 'url' | 'datetime-local';
  hint?: string;
  list?: string;
  readOnly?: boolean;
  textarea?: boolean;
  children?: ReactNode;
}) {
  useSignals();
  // The forms' values are all text (inputs hold strings), which modular-forms' generic props
  // cannot see through a generic wrapper.
  const Field = form[1].Field as unknown as (p: {
    name: string;
    children: (
      field: { value: { value: unknown }; error: { value: string } },
      props: Record<string, unknown>,
    ) => ReactNode;
  }) => ReactNode;
  return (
    <Field name={name}>
      {(field, props) => {
        const error = field.error.value;
        const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
        const common = {
          ...props,
          id,
          value: (field.value.value as string | undefined) ?? '',
          'aria-invalid': Boolean(error),
          'aria-describedby': describedBy,
        };
        return (
          <div className="flex flex-col gap-1">
            <label htmlFor={id} className="font-medium">
              {label}
            </label>
            {children ? (
              <select {...common} className={`select w-full ${error ? 'select-error' : ''}`}>
                {children}
              </select>
            ) : textarea ? (
              <textarea {...common} rows={3} className={`textarea w-full ${error ? 'textarea-error' : ''}`} />
            ) : (
              <input
                {...common}
                type={type}
                list={list}
                readOnly={readOnly}
                autoComplete="off"
                inputMode={type === 'number' ? 'numeric' : undefined}
                className={`input w-full ${error ? 'input-error' : ''}`}
              />
            )}
            {hint && (
              <p id={`${id}-hint`} className="text-base-content/70 text-sm">
                {hint}
              </p>
            )}
            {error && (
              <p id={`${id}-error`} className="text-error text-sm font-medium">
                {error}
              </p>
            )}
          </div>
        );
      }}
    </Field>
  );
}
