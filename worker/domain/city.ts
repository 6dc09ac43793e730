/**
 * The cities the home page offers (SPEC §2 "Upcoming events"), now rows an operator edits
 * rather than constants in a deploy: `available` shows the city's next dinner, `coming_soon`
 * takes "Notify Me" interest, `hidden` keeps the city (and its past dinners) off the home page.
 * `db/schema.ts` builds `cities.status`'s CHECK from this list.
 *
 * A dinner's `city` must be one of these slugs (routes/admin.ts answers 400 on `city` otherwise),
 * and "Notify Me" accepts exactly the `coming_soon` ones (services/signups.ts).
 */
import * as v from 'valibot';
import { CONSOLE_COPY } from './copy-console';
import { INVOICE_COPY } from './copy-invoices';
import { GST_STATES } from './invoice';

export const CITY_STATUSES = ['available', 'coming_soon', 'hidden'] as const;
export type CityStatus = (typeof CITY_STATUSES)[number];

/** A city's slug: lowercase letters, digits and dashes, e.g. `delhi-ncr`. Never changes once created. */
export const CITY_SLUG_RULE = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const CITY_SLUG_MAX = 60;
export const CITY_POSITION_MAX = 1000;

const C = CONSOLE_COPY.city;
const text = (max: number, message: string) =>
  v.pipe(v.string(message), v.trim(), v.minLength(1, message), v.maxLength(max, message));

/** Every field of a city the console sets, each on its own. */
export const cityFields = {
  slug: v.pipe(
    v.string(C.slugInvalid),
    v.trim(),
    v.maxLength(CITY_SLUG_MAX, C.slugInvalid),
    v.regex(CITY_SLUG_RULE, C.slugInvalid),
  ),
  name: text(60, C.nameRequired),
  blurb: text(120, C.blurbRequired),
  status: v.picklist(CITY_STATUSES, C.statusInvalid),
  position: v.pipe(
    v.number(C.positionInvalid),
    v.integer(C.positionInvalid),
    v.minValue(0, C.positionInvalid),
    v.maxValue(CITY_POSITION_MAX, C.positionInvalid),
  ),
};

/** The GST state of a city's dinners (issue 22: their invoices' place of supply); null, the business's own. */
export const cityGstState = v.nullable(
  v.picklist(Object.keys(GST_STATES) as [string, ...string[]], INVOICE_COPY.gstState.invalid),
);

/** `POST /api/admin/cities`. */
export const NewCity = v.strictObject({ ...cityFields, gst_state_code: v.optional(cityGstState) }, C.cityInvalid);
export type NewCityInput = v.InferOutput<typeof NewCity>;

/** `PATCH /api/admin/cities/:slug`: any field but the slug, which never changes; at least one. */
export const CityPatch = v.pipe(
  v.strictObject(
    {
      name: v.optional(cityFields.name),
      blurb: v.optional(cityFields.blurb),
      status: v.optional(cityFields.status),
      position: v.optional(cityFields.position),
      gst_state_code: v.optional(cityGstState),
    },
    C.cityInvalid,
  ),
  v.check((x) => Object.values(x).some((value) => value !== undefined), C.nothingToChange),
);
export type CityPatchInput = v.InferOutput<typeof CityPatch>;

/** The status names the console shows. */
export const CITY_STATUS_LABELS: Record<CityStatus, string> = {
  available: 'Available now',
  coming_soon: 'Coming soon',
  hidden: 'Hidden',
};
