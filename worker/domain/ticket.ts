/**
 * A guest's ticket: the code their QR carries and a host types when the camera cannot read it.
 * Random and unguessable (80 bits), never derived from the booking id; written in Crockford's
 * base32 (no I, L, O, U) in four groups, e.g. `7K3M-Q9TX-2HDR-WB4N`, so it reads aloud and types
 * on a phone. Bookings from before tickets existed carry 32 hex digits (migration 0005), which
 * the same normalisation accepts.
 */
export const TICKET_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new ticket code from 10 random bytes. */
export function newTicketCode(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => crypto.getRandomValues(b),
) {
  const bytes = random(new Uint8Array(10));
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += TICKET_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out.match(/.{4}/g)?.join('-') ?? out;
}

/**
 * A code as typed or scanned, in the stored form: upper-cased, spaces and dashes re-grouped, and
 * the letters people confuse read as the digits they look like (O → 0, I and L → 1).
 * @returns null when it cannot be a ticket code.
 */
export function normalizeTicketCode(typed: string): string | null {
  const raw = typed.toUpperCase().replace(/[\s-]/g, '');
  if (/^[0-9A-F]{32}$/.test(raw)) return raw.toLowerCase();
  const base32 = raw.replace(/O/g, '0').replace(/[IL]/g, '1');
  if (!/^[0-9A-HJKMNP-TV-Z]{16}$/.test(base32)) return null;
  return base32.match(/.{4}/g)?.join('-') ?? null;
}
