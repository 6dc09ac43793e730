/**
 * The morning after (issue 21): the guest's ratings of the evening, the host and the venue, and a
 * private verdict on each tablemate. Nobody ever sees what another guest said about them; a
 * contact is shared only on a mutual 'dine again' (docs/decisions/034). The form's schema is here
 * so the web form and the API check the same rules.
 */
import { HOUR_MS } from './time';

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
