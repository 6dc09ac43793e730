// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { loadCheckout } from '@/features/checkout/lib/load-checkout';
import { ticketIcs } from '@domain/ticket-ics';

describe('ticketIcs', () => {
  const ics = ticketIcs(
    {
      bookingId: 'bkg_abc',
      eventTitle: 'Saturday Night Soirée; Gurugram, 28 Nov',
      location: 'Gurugram',
      startsAt: '2026-11-28T13:30:00.000Z',
      endsAt: '2026-11-28T16:30:00.000Z',
      ticketLabel: 'Couple (male + female)',
      amount: 899,
      url: 'https://tablemates.example/event/gurugram',
    },
    new Date('2026-11-21T10:00:00.000Z'),
  );

  it('is an RFC 5545 calendar with CRLF lines and one event for the booking', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('UID:bkg_abc@tablemates\r\n');
    expect(ics.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
  });

  it('runs 7:00 PM - 10:00 PM IST, written in UTC', () => {
    expect(ics).toContain('DTSTART:20261128T133000Z');
    expect(ics).toContain('DTEND:20261128T163000Z');
  });

  it('escapes commas and semicolons in text', () => {
    expect(ics).toContain('SUMMARY:Tablemates: Saturday Night Soirée\\; Gurugram\\, 28 Nov');
  });
});

const fakeRazorpay = class {
  open() {}
  on() {}
} as unknown as NonNullable<Window['Razorpay']>;

describe('loadCheckout', () => {
  afterEach(() => {
    delete window.Razorpay;
  });

  it('rejects when the script never defines window.Razorpay (→ "Payment system unavailable")', async () => {
    await expect(loadCheckout('http://127.0.0.1:9/checkout.js', 50)).rejects.toThrow('checkout script failed to load');
    expect(document.querySelector('script[src="http://127.0.0.1:9/checkout.js"]')).toBeNull();
  });

  it('reuses an already loaded checkout', async () => {
    window.Razorpay = fakeRazorpay;
    await expect(loadCheckout('http://127.0.0.1:9/checkout.js')).resolves.toBe(fakeRazorpay);
  });
});
