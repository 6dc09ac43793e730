/**
 * A booking as an iCalendar (RFC 5545) file: built in the browser for 'Download Ticket' and 'Add to
 * calendar' (My Booking), and attached by the Worker to every confirmation email, so a guest whose
 * booking moved gets a calendar entry for the new date with the same UID (calendars update it).
 */
import { rupees } from './pricing';
import { dinnerHours } from './time';

/** A revealed venue as one line, `name, address` (either may be missing): emails, reminders, the .ics. */
export const venueLine = (name: string | null | undefined, address: string | null | undefined) =>
  [name, address].filter(Boolean).join(', ');

export type TicketIcsInput = {
  bookingId: string;
  eventTitle: string;
  /** The venue once revealed, else the area (then the file says when the venue is revealed). */
  location: string;
  /** Whether `location` is the revealed venue. */
  venueRevealed?: boolean;
  startsAt: string;
  /** The dinner's stored end (DTEND). */
  endsAt: string;
  ticketLabel: string;
  amount: number;
  url: string;
  /** Bumped when the booking moves (RFC 5545 SEQUENCE), so a calendar replaces the old entry. */
  sequence?: number;
};

const escapeText = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/([,;])/g, '\\$1');
const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

const encoder = new TextEncoder();

/** Lines longer than 75 octets are folded (RFC 5545 §3.1), never inside a UTF-8 character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    // Continuation lines start with a space, which counts towards their 75 octets.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** @example ticketIcs({ bookingId: 'bkg_1', eventTitle: 'Dinner', location: 'Gurugram', startsAt: '2026-11-28T13:30:00.000Z', endsAt: '2026-11-28T16:30:00.000Z', ticketLabel: 'Male', amount: 499, url: 'https://…' }) */
export function ticketIcs(t: TicketIcsInput, now = new Date()): string {
  const start = new Date(t.startsAt);
  const end = new Date(t.endsAt);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tablemates//Booking//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${t.bookingId}@tablemates`,
    ...(t.sequence ? [`SEQUENCE:${t.sequence}`] : []),
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${escapeText(`Tablemates: ${t.eventTitle}`)}`,
    `LOCATION:${escapeText(t.venueRevealed ? t.location : `${t.location} (exact venue revealed 48 hours before)`)}`,
    `DESCRIPTION:${escapeText(`Booking ${t.bookingId}\nTicket: ${t.ticketLabel}\nPaid: ${rupees(t.amount)}\n${dinnerHours(t.startsAt, t.endsAt).replace(/\u00a0/g, ' ')}`)}`,
    `URL:${t.url}`,
    'STATUS:CONFIRMED',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
