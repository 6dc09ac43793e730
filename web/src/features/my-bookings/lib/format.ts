import { formatEventDate } from '@/features/events/lib/format-event-date';

const istParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const istTime = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Kolkata',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/**
 * An instant in IST as 'Thursday, 26 November 2026, 7:00 PM', whatever the browser's time zone.
 * @example formatIstDateTime('2026-11-26T13:30:00.000Z') // 'Thursday, 26 November 2026, 7:00 PM'
 */
export function formatIstDateTime(iso: string): string {
  const p = Object.fromEntries(istParts.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return `${formatEventDate(`${p.year}-${p.month}-${p.day}`)}, ${istTime.format(new Date(iso))}`;
}

export const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
