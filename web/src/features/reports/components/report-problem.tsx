import { REPORT_CATEGORY_COPY, REPORT_COPY } from '@domain/copy-reports';
import {
  isUrgentCategory,
  REPORT_CATEGORIES,
  REPORT_LIMITS,
  type ReportCategory,
  ReportFormSchema,
} from '@domain/reports';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import * as v from 'valibot';
import { toastError } from '@/components/toast-error';
import { ApiRequestError } from '@/lib/api';
import { type FiledReport, useFileReport } from '../api/file-report';
import { type ReportTablemate, useReportTablematesQuery } from '../api/get-report-tablemates';

const T = REPORT_COPY;
const MAX_DESCRIPTION = REPORT_LIMITS.description.max;

type Field = 'category' | 'description' | 'about_ref';
type Errors = Partial<Record<Field, string>>;

/** How long ahead of the dinner's start the section waits on a timer to appear by itself. */
const OPEN_TIMER_MAX_MS = 12 * 3_600_000;

/**
 * 'Report a problem' (issue 21) for one of the guest's bookings: shown from the dinner's start on
 * (during the dinner and after), never before and never for a dinner we cancelled. A category, a
 * description and optionally the tablemate concerned (the guests who checked in at the guest's
 * table, by opaque ref); checked by the API's own schema before it is sent. The answer is calm,
 * and for the urgent categories says what to do right now. Usable on any page that knows the
 * booking (My Booking, the feedback page).
 * @example <ReportProblem bookingId={booking.id} />
 */
export function ReportProblem({ bookingId }: { bookingId: string }) {
  const query = useReportTablematesQuery(bookingId);
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const [filed, setFiled] = useState<FiledReport | null>(null);
  useRefetchAtStart(query.data?.report_open === false ? query.data.opens_at : null, () => void query.refetch());

  if (!query.data?.report_open) return null;
  return (
    <section
      aria-labelledby={headingId}
      data-testid="report-problem"
      className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="mb-3 font-display text-2xl font-semibold">
        {T.section.heading}
      </h2>
      <p>{T.section.intro}</p>
      {filed ? (
        <Filed
          report={filed}
          onAnother={() => {
            setFiled(null);
            setOpen(true);
          }}
        />
      ) : open ? (
        <ReportForm
          bookingId={bookingId}
          tablemates={query.data.tablemates}
          onFiled={setFiled}
          onCancel={() => setOpen(false)}
        />
      ) : (
        <button type="button" className="btn btn-outline btn-primary mt-4" onClick={() => setOpen(true)}>
          {T.section.heading}
        </button>
      )}
    </section>
  );
}

/** Refetches once the dinner starts when the page is open at that moment (not further than 12 hours ahead). */
function useRefetchAtStart(opensAt: string | null, refetch: () => void) {
  const refetchRef = useRef(refetch);
  refetchRef.current = refetch;
  useEffect(() => {
    if (!opensAt) return;
    const wait = Date.parse(opensAt) - Date.now() + 1_000;
    if (wait <= 0 || wait > OPEN_TIMER_MAX_MS) return;
    const timer = setTimeout(() => refetchRef.current(), wait);
    return () => clearTimeout(timer);
  }, [opensAt]);
}

/** What to do right now, for the urgent categories: before sending, and again once sent. */
function RightNow({ id }: { id?: string }) {
  return (
    <div id={id} className="mt-4 rounded-box border border-warning bg-warning/15 p-4">
      <p className="font-semibold">{T.done.urgentTitle}</p>
      <ul className="mt-1 list-disc pl-5">
        {T.done.urgent.map((line) => (
          <li key={line}>
            {line.includes('112') ? (
              <>
                {line.split('112')[0]}
                <a className="link font-semibold" href="tel:112">
                  112
                </a>
                {line.split('112')[1]}
              </>
            ) : (
              line
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ReportForm({
  bookingId,
  tablemates,
  onFiled,
  onCancel,
}: {
  bookingId: string;
  tablemates: ReportTablemate[];
  onFiled: (report: FiledReport) => void;
  onCancel: () => void;
}) {
  const ids = {
    category: useId(),
    description: useId(),
    about: useId(),
    urgent: useId(),
  };
  const [category, setCategory] = useState<ReportCategory | ''>('');
  const [description, setDescription] = useState('');
  const [aboutRef, setAboutRef] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const file = useFileReport();
  const firstRadio = useRef<HTMLInputElement>(null);

  // The form opens on its first question.
  useEffect(() => {
    firstRadio.current?.focus();
  }, []);

  /** The errors beside their fields, and the focus on the first field that has one (it reads its error). */
  const showErrors = (next: Errors) => {
    setErrors(next);
    const first = next.category
      ? `${ids.category}-${category || REPORT_CATEGORIES[0]}`
      : next.description
        ? ids.description
        : next.about_ref
          ? ids.about
          : null;
    // After the render that ties the error to its field, so the field is read with it.
    if (first) setTimeout(() => document.getElementById(first)?.focus(), 0);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = v.safeParse(ReportFormSchema, { category, description, about_ref: aboutRef });
    if (!parsed.success) {
      const flat = v.flatten<typeof ReportFormSchema>(parsed.issues).nested ?? {};
      showErrors({ category: flat.category?.[0], description: flat.description?.[0], about_ref: flat.about_ref?.[0] });
      return;
    }
    setErrors({});
    const { about_ref, ...rest } = parsed.output;
    file.mutate(
      { booking_id: bookingId, ...rest, ...(about_ref ? { about_ref } : {}) },
      {
        onSuccess: ({ report }) => onFiled(report),
        onError: (error) => {
          const fields = error instanceof ApiRequestError ? (error.fields as Errors) : {};
          if (fields.category || fields.description || fields.about_ref) showErrors(fields);
          else toastError(error);
        },
      },
    );
  };

  const described = (...parts: Array<string | false | undefined>) => parts.filter(Boolean).join(' ') || undefined;
  const urgent = category !== '' && isUrgentCategory(category);
  const length = description.trim().length;
  return (
    <form className="mt-4 flex flex-col gap-5" noValidate onSubmit={submit} aria-busy={file.isPending}>
      <fieldset aria-describedby={errors.category ? `${ids.category}-error` : undefined}>
        <legend className="mb-2 font-semibold">{T.form.category}</legend>
        <div className="flex flex-col gap-2">
          {REPORT_CATEGORIES.map((c, i) => (
            <label
              key={c}
              htmlFor={`${ids.category}-${c}`}
              className="flex cursor-pointer items-start gap-3 rounded-box border border-base-300 p-3 has-[:checked]:border-primary has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
            >
              <input
                ref={i === 0 ? firstRadio : undefined}
                id={`${ids.category}-${c}`}
                type="radio"
                name={ids.category}
                value={c}
                className="radio radio-primary radio-sm mt-0.5"
                checked={category === c}
                aria-invalid={errors.category ? true : undefined}
                aria-describedby={described(`${ids.category}-${c}-hint`, errors.category && `${ids.category}-error`)}
                onChange={() => {
                  setCategory(c);
                  setErrors((all) => ({ ...all, category: undefined }));
                }}
              />
              <span className="flex flex-col">
                <span className="font-medium">{REPORT_CATEGORY_COPY[c].label}</span>
                <span id={`${ids.category}-${c}-hint`} className="text-sm text-base-content/80">
                  {REPORT_CATEGORY_COPY[c].hint}
                </span>
              </span>
            </label>
          ))}
        </div>
        {errors.category && (
          <p id={`${ids.category}-error`} className="mt-2 text-sm font-medium text-error">
            {errors.category}
          </p>
        )}
      </fieldset>
      <div aria-live="polite">{urgent && <RightNow id={ids.urgent} />}</div>

      <div className="flex flex-col gap-1">
        <label htmlFor={ids.description} className="font-semibold">
          {T.form.description}
        </label>
        <textarea
          id={ids.description}
          name="description"
          rows={5}
          maxLength={MAX_DESCRIPTION}
          className={`textarea textarea-bordered w-full ${errors.description ? 'textarea-error' : ''}`}
          value={description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={described(`${ids.description}-hint`, errors.description && `${ids.description}-error`)}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <p id={`${ids.description}-hint`} className="text-sm text-base-content/80">
          {T.form.descriptionHint(REPORT_LIMITS.description.min, MAX_DESCRIPTION)} {length}/
          {MAX_DESCRIPTION.toLocaleString('en-IN')}
        </p>
        {errors.description && (
          <p id={`${ids.description}-error`} className="text-sm font-medium text-error">
            {errors.description}
          </p>
        )}
      </div>

      <div className="flex flex-col gap-1">
        {tablemates.length > 0 ? (
          <>
            <label htmlFor={ids.about} className="font-semibold">
              {T.form.about}
            </label>
            <select
              id={ids.about}
              name="about_ref"
              className={`select select-bordered w-full sm:max-w-sm ${errors.about_ref ? 'select-error' : ''}`}
              value={aboutRef}
              aria-invalid={errors.about_ref ? true : undefined}
              aria-describedby={described(`${ids.about}-hint`, errors.about_ref && `${ids.about}-error`)}
              onChange={(e) => setAboutRef(e.currentTarget.value)}
            >
              <option value="">{T.form.aboutNone}</option>
              {tablemates.map((t) => (
                <option key={t.ref} value={t.ref}>
                  {t.name}
                </option>
              ))}
            </select>
            <p id={`${ids.about}-hint`} className="text-sm text-base-content/80">
              {T.form.aboutHint}
            </p>
            {errors.about_ref && (
              <p id={`${ids.about}-error`} className="text-sm font-medium text-error">
                {errors.about_ref}
              </p>
            )}
          </>
        ) : (
          <p className="text-sm text-base-content/80">{T.form.aboutEmpty}</p>
        )}
      </div>

      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" disabled={file.isPending}>
          {file.isPending ? T.form.submitting : T.form.submit}
        </button>
        <button type="button" className="btn btn-ghost" disabled={file.isPending} onClick={onCancel}>
          {T.form.cancel}
        </button>
      </div>
    </form>
  );
}

/** The answer once the report is in: focused, so a screen reader reads it at once. */
function Filed({ report, onAnother }: { report: FiledReport; onAnother: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      data-testid="report-filed"
      className="mt-4 rounded-box border border-success/40 bg-success/10 p-5 focus:outline-none focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary"
    >
      <p className="font-semibold">{T.done.title}</p>
      <p className="mt-1">{T.done.text}</p>
      {report.about && <p className="mt-2">{T.done.apart(report.about.name)}</p>}
      {report.urgent && <RightNow />}
      <button type="button" className="btn btn-outline btn-primary btn-sm mt-4" onClick={onAnother}>
        {T.form.another}
      </button>
    </div>
  );
}
