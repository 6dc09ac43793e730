const istDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/**
 * An event's IST calendar date (yyyy-MM-dd) as 'Saturday, 28 November 2026'. Built from parts
 * because locales disagree on the comma after the weekday. Noon IST keeps the day stable.
 * @example formatEventDate('2026-11-28') // 'Saturday, 28 November 2026'
 */
export function formatEventDate(date: string): string {
  const parts = Object.fromEntries(
    istDate.formatToParts(new Date(`${date}T12:00:00+05:30`)).map((p) => [p.type, p.value]),
  );
  return `${parts.weekday}, ${parts.day} ${parts.month} ${parts.year}`;
}
