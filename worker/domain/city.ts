/**
 * The cities the home page offers (SPEC §2 "Upcoming events"), now rows an operator edits
 * rather than constants in a deploy: `available` shows the city's next dinner, `coming_soon`
 * takes "Notify Me" interest, `hidden` keeps the city (and its past dinners) off the home page.
 * `db/schema.ts` builds `cities.status`'s CHECK from this list.
 */
export const CITY_STATUSES = ['available', 'coming_soon', 'hidden'] as const;
export type CityStatus = (typeof CITY_STATUSES)[number];
