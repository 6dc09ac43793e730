import { type Dispatch, type RefObject, type SetStateAction, useId } from 'react';
import { PARTY_NAME_MAX } from '@domain/order';

export type Party = { name: string; phone: string };
export type PartyErrors = { name?: string; phone?: string };

/**
 * A couple's or female duo's second guest (worker/domain/order.ts): their first name (required)
 * and phone (optional), as the booking box and a waitlist offer both ask it. The caller keeps the
 * values and errors (its submit checks them with the domain's schemas) and focuses the field an
 * error names through the refs.
 */
export function PartyFields(props: {
  party: Party;
  setParty: Dispatch<SetStateAction<Party>>;
  errors: PartyErrors;
  setErrors: Dispatch<SetStateAction<PartyErrors>>;
  nameRef: RefObject<HTMLInputElement>;
  phoneRef: RefObject<HTMLInputElement>;
  busy: boolean;
}) {
  const { party, setParty, errors, setErrors, busy } = props;
  const ids = { name: useId(), nameError: useId(), phone: useId(), phoneHint: useId(), phoneError: useId() };
  return (
    <fieldset className="flex flex-col gap-3 rounded-field border border-base-300 bg-base-200/60 p-4">
      <legend className="sr-only">Who's coming with you?</legend>
      <div aria-hidden="true">
        <p className="font-semibold">Who's coming with you?</p>
        <p className="text-sm text-base-content/80">Your host greets them by name, and we seat you together.</p>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.name} className="text-sm font-medium">
          Their first name
        </label>
        <input
          ref={props.nameRef}
          id={ids.name}
          className={`input w-full ${errors.name ? 'input-error' : ''}`}
          value={party.name}
          required
          autoComplete="off"
          autoCapitalize="words"
          maxLength={PARTY_NAME_MAX + 10}
          disabled={busy}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? ids.nameError : undefined}
          onChange={(e) => {
            setParty((p) => ({ ...p, name: e.target.value }));
            setErrors((p) => ({ ...p, name: undefined }));
          }}
        />
        {errors.name && (
          <p id={ids.nameError} className="text-sm text-error">
            {errors.name}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.phone} className="text-sm font-medium">
          Their phone <span className="font-normal text-base-content/80">(optional)</span>
        </label>
        <input
          ref={props.phoneRef}
          id={ids.phone}
          type="tel"
          inputMode="tel"
          className={`input w-full ${errors.phone ? 'input-error' : ''}`}
          value={party.phone}
          autoComplete="off"
          maxLength={20}
          disabled={busy}
          aria-invalid={errors.phone ? true : undefined}
          aria-describedby={errors.phone ? `${ids.phoneError} ${ids.phoneHint}` : ids.phoneHint}
          onChange={(e) => {
            setParty((p) => ({ ...p, phone: e.target.value }));
            setErrors((p) => ({ ...p, phone: undefined }));
          }}
        />
        <p id={ids.phoneHint} className="text-xs text-base-content/80">
          10-digit mobile. Only your host and our team see it.
        </p>
        {errors.phone && (
          <p id={ids.phoneError} className="text-sm text-error">
            {errors.phone}
          </p>
        )}
      </div>
    </fieldset>
  );
}
