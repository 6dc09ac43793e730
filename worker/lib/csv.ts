/**
 * A CSV writer for spreadsheets (RFC 4180), pure. What an operator downloads is opened in Excel or
 * Google Sheets, so the text:
 * - starts with a UTF-8 byte-order mark, without which Excel reads the bytes as Windows-1252 and
 *   shows "â‚¹" for ₹ and garbles names in Devanagari or with accents;
 * - separates records with CRLF, quotes a field holding `"`, `,`, CR or LF, and doubles its quotes;
 * - neutralises formula injection (OWASP "CSV Injection"): a text cell that begins with `=`, `+`,
 *   `-`, `@`, a tab or a CR is prefixed with a single quote, so `=HYPERLINK("…")` typed as a name
 *   is shown as text, not run. Phones in E.164 begin with `+`, so they come out as `'+91…`:
 *   intended, the spreadsheet then keeps them as text instead of a number that loses its `+`.
 *   Numbers are written as numbers (a negative amount is not text to neutralise).
 */

export type CsvCell = string | number | boolean | null | undefined;

/** The byte-order mark that tells spreadsheets the file is UTF-8. */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell as CSV text: neutralised if it could start a formula, quoted if RFC 4180 needs it. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header row and records as one CSV document: BOM first, CRLF after every record. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
