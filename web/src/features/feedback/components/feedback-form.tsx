import { FEEDBACK_COPY } from '@domain/copy-feedback';
import {
  FeedbackBody,
  type FeedbackInput,
  NOTE_MAX,
  SHARE_KINDS,
  type ShareKind,
  type TablemateVerdict,
} from '@domain/feedback';
import { formatIstDateTime } from '@domain/time';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import * as v from 'valibot';
import { toastError } from '@/components/toast-error';
import { ApiRequestError } from '@/lib/api';
import type { FeedbackTablemate, FeedbackView } from '../api/get-feedback';
import { useSaveFeedbackMutation } from '../api/save-feedback';
import { ContactLink } from './contact-link';
import { StarRating } from './star-rating';

const T = FEEDBACK_COPY;

type Verdict = TablemateVerdict | 'none';
export type FeedbackFormValues = {
  evening: number | null;
  host: number | null;
  venue: number | null;
  note: string;
  verdicts: Record<string, Verdict>;
  shareKind: ShareKind;
  /** One value per kind, so switching kinds and back keeps what was typed. */
  shareValues: Record<ShareKind, string>;
};

/** The fields a message can belong to, in the order the form shows them (the first gets focus). */
const FIELDS = ['evening', 'host', 'venue', 'note', 'tablemates', 'share'] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, string>>;

/** What the page was answered with, as the form's starting values. */
export function initialValues(view: FeedbackView): FeedbackFormValues {
  const saved = view.feedback;
  const shareValues: Record<ShareKind, string> = { whatsapp: view.own_whatsapp ?? '', instagram: '', email: '' };
  if (saved?.share) shareValues[saved.share.kind] = saved.share.value;
  return {
    evening: saved?.evening ?? null,
    host: saved?.host ?? null,
    venue: saved?.venue ?? null,
    note: saved?.note ?? '',
    verdicts: Object.fromEntries(view.tablemates.map((t) => [t.ref, t.verdict ?? 'none'])),
    shareKind: saved?.share?.kind ?? 'whatsapp',
    shareValues,
  };
}

/** Whether the guest said 'Would dine again' to anyone: only then is a contact asked for, and kept. */
export const saysAgain = (values: FeedbackFormValues) => Object.values(values.verdicts).includes('again');

/**
 * The form's values as the API takes them (`PUT /api/bookings/:id/feedback`): a tablemate left at
 * 'No answer' is not named; the contact goes only with an 'again', so nobody's contact is kept
 * for nothing.
 */
export function toBody(values: FeedbackFormValues): FeedbackInput {
  return {
    // Unrated is sent as 0, which the shared schema refuses with the rating's own message.
    evening: values.evening ?? 0,
    host: values.host ?? 0,
    venue: values.venue ?? 0,
    note: values.note.trim() ? values.note : null,
    tablemates: Object.entries(values.verdicts).flatMap(([ref, verdict]) =>
      verdict === 'none' ? [] : [{ ref, verdict }],
    ),
    share: saysAgain(values) ? { kind: values.shareKind, value: values.shareValues[values.shareKind] } : null,
  };
}

/**
 * The shared schema's verdict on the form (domain/feedback.ts, the API's own rules): one message
 * per field, the first of each, under the field it belongs to.
 * @example validate(values) // {} when the API would take it
 */
export function validate(values: FeedbackFormValues): Errors {
  const result = v.safeParse(FeedbackBody, toBody(values));
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.issues) {
    const field = String(issue.path?.[0]?.key ?? '') as Field;
    if (FIELDS.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** One tablemate: their name and the three answers, and their contact once the 'again' is mutual. */
function TablemateChoice({
  mate,
  value,
  onChange,
}: {
  mate: FeedbackTablemate;
  value: Verdict;
  onChange: (v: Verdict) => void;
}) {
  const legendId = useId();
  const options: [Verdict, string][] = [
    ['again', T.verdicts.again],
    ['rather_not', T.verdicts.rather_not],
    ['none', T.verdicts.none],
  ];
  return (
    <li className="rounded-box border border-base-300 p-4" data-testid="tablemate">
      <fieldset aria-labelledby={legendId}>
        <legend id={legendId} className="mb-2 font-semibold">
          {mate.name}
        </legend>
        <div className="flex flex-wrap gap-2">
          {options.map(([verdict, label]) => (
            <label
              key={verdict}
              className={`flex cursor-pointer items-center gap-2 rounded-full border-2 px-3 py-1.5 text-sm has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent ${
                value === verdict ? 'border-primary bg-primary/10' : 'border-base-300 hover:border-primary/50'
              }`}
            >
              <input
                type="radio"
                className="radio radio-primary radio-xs"
                name={`verdict-${mate.ref}`}
                value={verdict}
                checked={value === verdict}
                onChange={() => onChange(verdict)}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {mate.contact && (
        <div className="mt-3 rounded-box bg-success/10 p-3 text-sm" data-testid="mutual">
          <p className="font-semibold">{T.mutual(mate.name)}</p>
          <p>
            {T.theirContact(mate.name)} <ContactLink contact={mate.contact} />
          </p>
        </div>
      )}
    </li>
  );
}

/** Which contact to share, and its value, checked by the shared schema's rule for that kind. */
function ShareFields({
  values,
  setValues,
  error,
}: {
  values: FeedbackFormValues;
  setValues: (update: (v: FeedbackFormValues) => FeedbackFormValues) => void;
  error?: string;
}) {
  const inputId = useId();
  const kind = values.shareKind;
  const describedBy = [`${inputId}-hint`, error && `${inputId}-error`].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-3 rounded-box border border-base-300 p-4" data-field="share">
      <fieldset className="flex flex-col gap-2">
        <legend className="font-semibold">{T.shareHeading}</legend>
        <p className="text-sm text-base-content/80">{T.shareHint}</p>
        <div className="flex flex-wrap gap-2">
          {SHARE_KINDS.map((k) => (
            <label
              key={k}
              className={`flex cursor-pointer items-center gap-2 rounded-full border-2 px-3 py-1.5 text-sm has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent ${
                kind === k ? 'border-primary bg-primary/10' : 'border-base-300 hover:border-primary/50'
              }`}
            >
              <input
                type="radio"
                className="radio radio-primary radio-xs"
                name="share-kind"
                value={k}
                checked={kind === k}
                onChange={() => setValues((v) => ({ ...v, shareKind: k }))}
              />
              {T.shareKindShort[k]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="font-medium">
          {T.shareKinds[kind]}
        </label>
        <input
          id={inputId}
          name="share-value"
          className={`input w-full rounded-xl ${error ? 'input-error' : ''}`}
          type={kind === 'whatsapp' ? 'tel' : kind === 'email' ? 'email' : 'text'}
          autoComplete={kind === 'whatsapp' ? 'tel' : kind === 'email' ? 'email' : 'off'}
          autoCapitalize="none"
          spellCheck={false}
          value={values.shareValues[kind]}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          onChange={(e) => {
            const value = e.target.value;
            setValues((v) => ({ ...v, shareValues: { ...v.shareValues, [kind]: value } }));
          }}
        />
        <span id={`${inputId}-hint`} className="text-sm text-base-content/70">
          {T.shareValueHints[kind]}
        </span>
        {error && (
          <span id={`${inputId}-error`} className="text-sm font-medium text-error">
            {error}
          </span>
        )}
      </div>
    </div>
  );
}

/**
 * The morning-after form (issue 21): the three ratings, the note, a verdict per tablemate, and
 * the contact for a mutual 'dine again'. Checked by the API's own schema before it is sent; the
 * server's field messages land under the same fields; the first wrong field takes the focus.
 * Saved, it says so and stays editable until the window closes.
 */
export function FeedbackForm({ bookingId, view }: { bookingId: string; view: FeedbackView }) {
  const [values, setValues] = useState(() => initialValues(view));
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const save = useSaveFeedbackMutation(bookingId);
  const formRef = useRef<HTMLFormElement>(null);
  const savedRef = useRef<HTMLParagraphElement>(null);
  const noteId = useId();
  const closes = formatIstDateTime(view.closes_at);
  const table = view.tablemates[0]?.table_number;

  // After a first attempt, each change is checked again (the message goes as soon as it is fixed).
  useEffect(() => {
    if (submitted) setErrors(validate(values));
  }, [submitted, values]);
  useEffect(() => {
    if (savedAt) savedRef.current?.focus();
  }, [savedAt]);

  const focusFirst = (found: Errors) => {
    const first = FIELDS.find((f) => found[f]);
    const box = first && formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`);
    const control =
      box?.querySelector<HTMLElement>('input:not([type="radio"]), textarea') ??
      box?.querySelector<HTMLElement>('input:checked') ??
      box?.querySelector<HTMLElement>('input');
    control?.focus();
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setSavedAt(null);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    try {
      const saved = await save.mutateAsync(toBody(values));
      setValues(initialValues(saved));
      setSubmitted(false);
      setSavedAt(saved.feedback?.updated_at ?? new Date().toISOString());
    } catch (err) {
      const fields = err instanceof ApiRequestError ? err.fields : {};
      const server: Errors = Object.fromEntries(FIELDS.filter((f) => fields[f]).map((f) => [f, fields[f]]));
      if (Object.keys(server).length > 0) {
        setErrors(server);
        focusFirst(server);
      }
      toastError(err);
    }
  };

  const set = <K extends keyof FeedbackFormValues>(key: K, value: FeedbackFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-6" aria-label={T.heading}>
      <section className="flex flex-col gap-5 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-6">
        <h2 className="font-display text-2xl font-semibold">{T.ratingsHeading}</h2>
        <StarRating
          name="evening"
          legend={T.ratings.evening}
          value={values.evening}
          onChange={(n) => set('evening', n)}
          error={errors.evening}
        />
        <StarRating
          name="host"
          legend={T.ratings.host}
          value={values.host}
          onChange={(n) => set('host', n)}
          error={errors.host}
        />
        <StarRating
          name="venue"
          legend={T.ratings.venue}
          value={values.venue}
          onChange={(n) => set('venue', n)}
          error={errors.venue}
        />
        <div className="flex flex-col gap-1" data-field="note">
          <label htmlFor={noteId} className="font-medium">
            {T.note}
          </label>
          <textarea
            id={noteId}
            name="note"
            rows={4}
            maxLength={NOTE_MAX}
            className={`textarea w-full rounded-xl ${errors.note ? 'textarea-error' : ''}`}
            value={values.note}
            aria-invalid={Boolean(errors.note)}
            aria-describedby={[`${noteId}-hint`, errors.note && `${noteId}-error`].filter(Boolean).join(' ')}
            onChange={(e) => set('note', e.target.value)}
          />
          <span id={`${noteId}-hint`} className="text-sm text-base-content/70">
            {T.noteHint}
          </span>
          {errors.note && (
            <span id={`${noteId}-error`} className="text-sm font-medium text-error">
              {errors.note}
            </span>
          )}
        </div>
      </section>

      <section
        className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-6"
        data-field="tablemates"
        aria-labelledby="tablemates-heading"
      >
        <h2 id="tablemates-heading" className="font-display text-2xl font-semibold">
          {table ? T.tablematesHeading(table) : T.tablematesNoTable}
        </h2>
        {view.tablemates.length === 0 ? (
          <p>{T.noTablemates}</p>
        ) : (
          <>
            <p className="text-sm text-base-content/80">{T.tablematesHint}</p>
            <ul className="flex flex-col gap-3">
              {view.tablemates.map((mate) => (
                <TablemateChoice
                  key={mate.ref}
                  mate={mate}
                  value={values.verdicts[mate.ref] ?? 'none'}
                  onChange={(verdict) => setValues((v) => ({ ...v, verdicts: { ...v.verdicts, [mate.ref]: verdict } }))}
                />
              ))}
            </ul>
            {errors.tablemates && <p className="text-sm font-medium text-error">{errors.tablemates}</p>}
          </>
        )}
        {saysAgain(values) && <ShareFields values={values} setValues={setValues} error={errors.share} />}
      </section>

      <div className="flex flex-col gap-3">
        {Object.keys(errors).length > 0 && submitted && (
          <p role="alert" className="font-medium text-error">
            {T.fixErrors}
          </p>
        )}
        {savedAt && (
          <p
            ref={savedRef}
            tabIndex={-1}
            role="status"
            data-testid="feedback-saved"
            className="rounded-box border border-success/40 bg-success/10 p-4"
          >
            {T.saved(closes)}
          </p>
        )}
        <div>
          <button type="submit" className="btn btn-primary" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? T.saving : T.save}
          </button>
        </div>
        {!savedAt && view.feedback && <p className="text-sm text-base-content/80">{T.savedBefore(closes)}</p>}
      </div>
    </form>
  );
}
