/** Ticket codes (worker/domain/ticket.ts): unguessable, typeable, and read back however typed. */
import { describe, expect, it } from 'vitest';
import { newTicketCode, normalizeTicketCode, TICKET_ALPHABET } from '../../worker/domain/ticket';

describe('ticket codes', () => {
  it('are four groups of four Crockford base32 characters, 80 random bits', () => {
    const code = newTicketCode();
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(TICKET_ALPHABET).toHaveLength(32);
    // Every bit of the 10 bytes lands in the code: all-zero and all-one bytes give the extremes.
    expect(newTicketCode((b) => b.fill(0))).toBe('0000-0000-0000-0000');
    expect(newTicketCode((b) => b.fill(255))).toBe('ZZZZ-ZZZZ-ZZZZ-ZZZZ');
  });

  it('never repeat in 10,000 draws', () => {
    const codes = new Set(Array.from({ length: 10_000 }, () => newTicketCode()));
    expect(codes.size).toBe(10_000);
  });

  it('read back as typed: lower case, spaces, no dashes, O for 0 and I or L for 1', () => {
    expect(normalizeTicketCode('7k3m q9tx 2hdr wb4n')).toBe('7K3M-Q9TX-2HDR-WB4N');
    expect(normalizeTicketCode('7K3MQ9TX2HDRWB4N')).toBe('7K3M-Q9TX-2HDR-WB4N');
    expect(normalizeTicketCode('OOIL-0000-0000-0000')).toBe('0011-0000-0000-0000');
    expect(normalizeTicketCode('0123456789ABCDEF0123456789ABCDEF')).toBe('0123456789abcdef0123456789abcdef');
  });

  it('refuse what cannot be a ticket', () => {
    for (const typed of ['', '7K3M-Q9TX-2HDR', '7K3M-Q9TX-2HDR-WB4U', 'bkg_abcdefabcdef', "'; DROP TABLE x"]) {
      expect(normalizeTicketCode(typed), typed).toBeNull();
    }
  });
});
