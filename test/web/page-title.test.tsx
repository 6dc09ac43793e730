import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { eventPageHead, eventTitle } from '@/features/events/lib/event-head';
import { pageTitle } from '@/lib/page-head';
import { usePageTitle } from '@/lib/use-page-title';
import { EVENT_TIME, formatCalendarDate } from '../../worker/domain/time';

afterEach(cleanup);

function Titled({ title }: { title?: string }) {
  usePageTitle(title);
  return null;
}

describe('page titles', () => {
  it("name the page, then the product; the home page's is the product's promise", () => {
    expect(pageTitle('Your profile')).toBe('Your profile — Tablemates');
    expect(pageTitle()).toBe('Tablemates — Where strangers become friends');
  });

  it('are set on the tab while the page is shown, and follow it', () => {
    const { rerender } = render(<Titled title="Your profile" />);
    expect(document.title).toBe('Your profile — Tablemates');
    rerender(<Titled title="Edit your profile" />);
    expect(document.title).toBe('Edit your profile — Tablemates');
  });

  it('name a dinner by its city and day, and its preview by its title, date, hours and price', () => {
    const event = {
      title: 'Saturday Night Soirée — Gurugram',
      location: 'Gurugram',
      date: '2026-11-28',
      starts_at: '2026-11-28T13:30:00.000Z',
      ends_at: '2026-11-28T16:30:00.000Z',
      ticket_price_single: 499,
      image_url: '/images/events/gurugram.svg',
    } as Parameters<typeof eventPageHead>[0];
    expect(eventTitle(event)).toBe('Gurugram · 28 Nov');
    const head = eventPageHead(event);
    expect(head.title).toBe('Gurugram · 28 Nov — Tablemates');
    expect(head.ogTitle).toBe('Saturday Night Soirée — Gurugram · 28 Nov');
    expect(head.description).toContain(`Saturday, 28 November 2026, ${EVENT_TIME}`);
    expect(head.description).toContain('₹499 per seat');
    expect(head.image).toBe('/images/events/gurugram.jpg');
    // An operator's own picture (a photo) is previewed as it is.
    expect(eventPageHead({ ...event, image_url: '/images/uploads/table.webp' }).image).toBe(
      '/images/uploads/table.webp',
    );
  });
});

describe('formatCalendarDate', () => {
  it('writes a calendar date as people read it, the same in any time zone', () => {
    expect(formatCalendarDate('1994-03-12')).toBe('12 Mar 1994');
    expect(formatCalendarDate('2026-11-28', { year: false })).toBe('28 Nov');
    expect(formatCalendarDate('2024-02-29')).toBe('29 Feb 2024');
    expect(formatCalendarDate('not a date')).toBe('not a date');
    expect(formatCalendarDate('2023-02-30')).toBe('2023-02-30');
  });
});
