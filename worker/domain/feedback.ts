/**
 * The morning after (issue 21): the guest's ratings of the evening, the host and the venue, and a
 * private verdict on each tablemate. Nobody ever sees what another guest said about them; a
 * contact is shared only on a mutual 'dine again' (docs/decisions/034). The form's schema is here
 * so the web form and the API check the same rules.
 */
import * as v from 'valibot';
import { FEEDBACK_COPY } from './copy-feedback';
import { emailSchema } from './email';
import { phoneSchema } from './phone';
import { HOUR_MS, istToUtc } from './time';

const DAY_MS = 24 * HOUR_MS;

/** What a guest may say of a tablemate; saying nothing is the absence of a row. */
export const TABLEMATE_VERDICTS = ['again', 'rather_not'] as const;
export type TablemateVerdict = (typeof TABLEMATE_VERDICTS)[number];

/** The contact a guest may choose to share with a mutual 'dine again'. */
export const SHARE_KINDS = ['whatsapp', 'instagram', 'email'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

/** Ratings are whole stars. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** The feedback page is open this long after the dinner ends (the link on My Booking too). */
export const FEEDBACK_WINDOW_MS = 7 * DAY_MS;
/** The morning-after message goes at this hour (IST) on the day after the dinner. */
export const MORNING_AFTER_HOUR_IST = 10;

/** Two guests who shared a table are not seated together again for this long. */
export const MEMORY_MS = 183 * DAY_MS;

/**
 * The morning-after message is sent from its time ({@link morningAfterAt}) for this long, so a cron
 * run that failed or a provider outage still reaches the guest; after that it is not sent at all.
 */
export const MORNING_AFTER_SEND_MS = 48 * HOUR_MS;

/** Longest note for the operators. */
export const NOTE_MAX = 2000;
/** At most this many tablemates are named in one answer (a table seats 6-8). */
export const TABLEMATES_MAX = 20;

const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/**
 * When the morning-after message of a dinner held on `date` (its IST calendar date) is due:
 * {@link MORNING_AFTER_HOUR_IST}:00 IST the day after.
 * @example morningAfterAt('2026-11-28') // '2026-11-29T04:30:00.000Z'
 */
export const morningAfterAt = (date: string) =>
  istToUtc(nextDate(date), `${String(MORNING_AFTER_HOUR_IST).padStart(2, '0')}:00`);

/** Whether the morning-after message of a dinner on `date` is to be sent at `now`. */
export function isMorningAfterDue(date: string, now: Date): boolean {
  const due = Date.parse(morningAfterAt(date));
  return now.getTime() >= due && now.getTime() < due + MORNING_AFTER_SEND_MS;
}

/** The feedback page is open from the dinner's end for {@link FEEDBACK_WINDOW_MS}. */
export const feedbackClosesAt = (endsAt: string) => new Date(Date.parse(endsAt) + FEEDBACK_WINDOW_MS).toISOString();

/**
 * Whether a booking was at the table: checked in (and still so), at a dinner we did not cancel.
 * Only such a guest is asked for feedback, or has any (issue 21); a no-show met nobody.
 */
export const attendedDinner = (b: { status: string; checkedInAt: string | null; cancelledAt: string | null }) =>
  b.status === 'checked_in' && b.checkedInAt !== null && b.cancelledAt === null;

/** Where a booking's feedback stands: `open` is the only state that takes answers. */
export const FEEDBACK_STATES = ['not_checked_in', 'upcoming', 'open', 'closed'] as const;
export type FeedbackState = (typeof FEEDBACK_STATES)[number];

export function feedbackState(attended: boolean, endsAt: string, now: Date): FeedbackState {
  if (!attended) return 'not_checked_in';
  if (now.getTime() < Date.parse(endsAt)) return 'upcoming';
  return now.toISOString() < feedbackClosesAt(endsAt) ? 'open' : 'closed';
}

const T = FEEDBACK_COPY.errors;

const rating = (message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(RATING_MIN, message), v.maxValue(RATING_MAX, message));

/** Instagram's rules: letters, digits, dots and underscores, at most 30; no dot first, last or twice in a row. */
const INSTAGRAM_HANDLE = /^(?!\.)(?!.*\.\.)(?!.*\.$)[a-z0-9._]{1,30}$/;

/**
 * A handle as typed, with or without '@', or a profile's address, as the bare handle in lower case
 * (Instagram's handles are case-insensitive); null when it is no handle.
 * @example toInstagramHandle('@Asha.Travels') // 'asha.travels'
 * @example toInstagramHandle('https://www.instagram.com/asha.travels/') // 'asha.travels'
 */
export function toInstagramHandle(input: string): string | null {
  const handle = input
    .trim()
    .replace(/^(?:https?:\/\/)?(?:www\.)?instagram\.com\//i, '')
    .replace(/[/?#].*$/, '')
    .replace(/^@/, '')
    .toLowerCase();
  return INSTAGRAM_HANDLE.test(handle) ? handle : null;
}

const instagramSchema = v.pipe(
  v.string(T.instagram),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const handle = toInstagramHandle(dataset.value);
    if (handle === null) {
      addIssue({ message: T.instagram });
      return NEVER;
    }
    return handle;
  }),
);

const SHARE_VALUE = {
  whatsapp: phoneSchema(T.whatsapp),
  instagram: instagramSchema,
  email: emailSchema({ invalid: T.email }),
} as const;

/**
 * The contact a guest shares with a mutual 'dine again', checked and canonicalised by its kind: a
 * WhatsApp number as E.164 (the phone module's rule), an Instagram handle bare and lower case, an
 * email trimmed and lower case (the email module's).
 */
export const ShareSchema = v.pipe(
  v.object({ kind: v.picklist(SHARE_KINDS, T.shareKind), value: v.string(T.shareKind) }, T.shareKind),
  // One value rule per kind. Written as a transform rather than `v.variant`: valibot is one module
  // in the guest's first load, so every schema kind used anywhere is paid for on every page.
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const { kind, value } = dataset.value;
    const checked = v.safeParse(SHARE_VALUE[kind], value);
    if (checked.success) return { kind, value: checked.output };
    addIssue({ message: checked.issues[0].message });
    return NEVER;
  }),
);
export type Share = v.InferOutput<typeof ShareSchema>;

/** One tablemate named by the opaque ref the page was given, and what the guest says of them. */
const TablemateAnswer = v.object({
  ref: v.pipe(v.string(T.tablemates), v.nonEmpty(T.tablemates), v.maxLength(64, T.tablemates)),
  verdict: v.picklist(TABLEMATE_VERDICTS, T.tablemates),
});

const MISSING: Record<string, string> = { evening: T.evening, host: T.host, venue: T.venue, tablemates: T.tablemates };

/**
 * `PUT /api/bookings/:id/feedback`, and the feedback form's rules: three ratings, an optional
 * note, a verdict per tablemate named at most once (a tablemate left out is 'nothing'), and a
 * contact, required as soon as one verdict is 'again'. Whether each ref names someone at the
 * guest's table is the server's to check (422, nothing saved).
 */
export const FeedbackBody = v.pipe(
  v.object(
    {
      evening: rating(T.evening),
      host: rating(T.host),
      venue: rating(T.venue),
      note: v.optional(
        v.nullable(
          v.pipe(
            v.string(T.note),
            v.trim(),
            v.maxLength(NOTE_MAX, T.note),
            v.transform((s) => s || null),
          ),
        ),
        null,
      ),
      tablemates: v.pipe(
        v.array(TablemateAnswer, T.tablemates),
        v.maxLength(TABLEMATES_MAX, T.tablemates),
        v.check((list) => new Set(list.map((t) => t.ref)).size === list.length, T.tablemates),
      ),
      share: v.optional(v.nullable(ShareSchema), null),
    },
    // A missing answer gets its own field's message; a body that is no object at all, the general one.
    (issue) => MISSING[String(issue.path?.[0]?.key)] ?? T.body,
  ),
  v.forward(
    v.check((body) => !body.tablemates.some((t) => t.verdict === 'again') || body.share != null, T.shareRequired),
    ['share'],
  ),
);
export type FeedbackInput = v.InferInput<typeof FeedbackBody>;
export type FeedbackValues = v.InferOutput<typeof FeedbackBody>;
