/**
 * The hand-off of API answers from the Worker to the SPA inside a page's HTML. When the Worker
 * already read what a page needs (worker/routes/pages.ts), it embeds the answers, keyed as the
 * SPA's queries are, so the first render needs no API round trip.
 */
export const PAGE_DATA_ID = 'page-data';

export type PageData = { queries: Array<{ key: readonly unknown[]; data: unknown }> };

/**
 * The `<script type="application/json">` element carrying `data`. Not executed, so the CSP
 * allows it; `<`, `>`, `&` and the JS line separators are escaped so no value can close the
 * element or start markup.
 */
export function pageDataElement(data: PageData): string {
  return jsonElement(PAGE_DATA_ID, data);
}

/** A `<script type="application/json">` element with this id carrying `value`, escaped as above. */
export function jsonElement(id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/json" id="${id}">${json}</script>`;
}
