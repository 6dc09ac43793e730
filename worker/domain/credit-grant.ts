/**
 * The body of `POST /api/admin/users/:id/credit` (issue 20, docs/decisions/027): credit an operator
 * grants a guest, e.g. as an apology. Shared by the Worker and the console's dialog, so the form
 * refuses what the API would, in the same words.
 */
import * as v from 'valibot';
import { CONSOLE_COPY } from './copy-console';
import { MAX_OPERATOR_GRANT } from './credit';

const C = CONSOLE_COPY.credit;

/** A grant's note: why it was made, kept in the audit log. */
export const GRANT_NOTE_MIN = 3;
export const GRANT_NOTE_MAX = 200;

/**
 * `{ amount, note }`: whole rupees from 1 to {@link MAX_OPERATOR_GRANT}, and a note of
 * {@link GRANT_NOTE_MIN}-{@link GRANT_NOTE_MAX} characters once trimmed.
 * @example v.parse(CreditGrant, { amount: 500, note: ' Sorry about the AC ' }) // note: 'Sorry about the AC'
 */
export const CreditGrant = v.strictObject(
  {
    amount: v.pipe(
      v.number(C.amountInvalid(MAX_OPERATOR_GRANT)),
      v.integer(C.amountInvalid(MAX_OPERATOR_GRANT)),
      v.minValue(1, C.amountInvalid(MAX_OPERATOR_GRANT)),
      v.maxValue(MAX_OPERATOR_GRANT, C.amountInvalid(MAX_OPERATOR_GRANT)),
    ),
    note: v.pipe(
      v.string(C.noteRequired),
      v.trim(),
      v.minLength(GRANT_NOTE_MIN, C.noteRequired),
      v.maxLength(GRANT_NOTE_MAX, C.noteRequired),
    ),
  },
  C.bodyInvalid,
);
export type CreditGrantInput = v.InferOutput<typeof CreditGrant>;
