/**
 * Phone numbers to E.164 (SPEC §1: 10-digit Indian mobiles, default prefix +91).
 * Accepts "98765 43210", "098765-43210", "+91 98765 43210", "919876543210" and any other
 * country's number written with its own "+" code. Returns null for anything else.
 * @example normalisePhone('9876543210') // '+919876543210'
 */
export function normalisePhone(input: string): string | null {
  const compact = input.trim().replace(/[\s\-().]/g, '');
  if (/^\d{10}$/.test(compact)) return `+91${compact}`;
  if (/^0\d{10}$/.test(compact)) return `+91${compact.slice(1)}`;
  if (/^91\d{10}$/.test(compact)) return `+${compact}`;
  if (/^\+[1-9]\d{7,14}$/.test(compact)) return compact;
  return null;
}
