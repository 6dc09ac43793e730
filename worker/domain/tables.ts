/**
 * The body of `PUT /api/admin/events/:id/tables` (the operator's seating by hand), shared by the
 * Worker and the console's Tables tab.
 */
import * as v from 'valibot';
import { CONSOLE_COPY } from './copy-console';

const T = CONSOLE_COPY.tables;

/** Table numbers a dinner may use: a dinner of 200 guests needs at most 34 tables of 6. */
export const MAX_TABLE_NUMBER = 50;
const BOOKING_ID = /^[\w-]{1,100}$/;

export const TablesEditSchema = v.pipe(
  v.object(
    {
      tables: v.pipe(
        v.array(
          v.object(
            {
              number: v.pipe(
                v.number(T.tableNumberInvalid),
                v.integer(T.tableNumberInvalid),
                v.minValue(1, T.tableNumberInvalid),
                v.maxValue(MAX_TABLE_NUMBER, T.tableNumberInvalid),
              ),
              locked: v.optional(v.boolean(T.editInvalid)),
              booking_ids: v.pipe(
                v.array(v.pipe(v.string(T.editInvalid), v.regex(BOOKING_ID, T.editInvalid)), T.editInvalid),
                v.maxLength(200, T.editInvalid),
              ),
            },
            T.editInvalid,
          ),
          T.editInvalid,
        ),
        v.maxLength(MAX_TABLE_NUMBER, T.editInvalid),
      ),
    },
    T.editInvalid,
  ),
  v.check((e) => new Set(e.tables.map((t) => t.number)).size === e.tables.length, T.duplicateTable),
  v.check((e) => {
    const ids = e.tables.flatMap((t) => t.booking_ids);
    return new Set(ids).size === ids.length;
  }, T.duplicateGuest),
);
export type TablesEditInput = v.InferOutput<typeof TablesEditSchema>;
