import { describe, expect, it } from 'vitest';
import type { MyBooking } from '@/features/my-bookings/api/get-booking';
import { isTicketDay } from '@/features/my-bookings/components/my-booking-page';

/** 7:30 PM IST on 5 January 2030 is 14:00 UTC; the IST day runs 4 Jan 18:30 to 5 Jan 18:30 UTC. */
const view = (over: { date?: string; status?: string; cancelled_at?: string | null; code?: string | null } = {}) =>
  ({
    booking: { status: over.status ?? 'confirmed' },
    event: { date: over.date ?? '2030-01-05', cancelled_at: over.cancelled_at ?? null },
    ticket: { code: over.code === undefined ? '7K3M-Q9TX-2HDR-WB4N' : over.code, label: 'Male' },
  }) as unknown as MyBooking;

describe('My Booking opens on the ticket on the day of the dinner (issue 24)', () => {
  it('on the dinner’s IST day, for a booking that holds a seat', () => {
    expect(isTicketDay(view(), new Date('2030-01-05T09:00:00Z'))).toBe(true);
    // Just after midnight IST on the day, still the previous day in UTC.
    expect(isTicketDay(view(), new Date('2030-01-04T18:45:00Z'))).toBe(true);
    expect(isTicketDay(view({ status: 'checked_in' }), new Date('2030-01-05T15:00:00Z'))).toBe(true);
  });

  it('not the day before, nor the day after', () => {
    expect(isTicketDay(view(), new Date('2030-01-04T18:00:00Z'))).toBe(false);
    expect(isTicketDay(view(), new Date('2030-01-05T19:00:00Z'))).toBe(false);
  });

  it('not for a booking with nothing to show a host', () => {
    const onTheDay = new Date('2030-01-05T09:00:00Z');
    expect(isTicketDay(view({ cancelled_at: '2030-01-02T10:00:00Z' }), onTheDay)).toBe(false);
    expect(isTicketDay(view({ status: 'refunded' }), onTheDay)).toBe(false);
    expect(isTicketDay(view({ code: null }), onTheDay)).toBe(false);
  });
});
