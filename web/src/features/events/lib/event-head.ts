import { rupees } from '@domain/pricing';
import { dinnerHours, formatCalendarDate } from '@domain/time';
import { type PageHead, pageTitle } from '@/lib/page-head';
import type { EventDetail } from '../api/get-event';
import { formatEventDate } from './format-event-date';

type EventNaming = Pick<EventDetail, 'title' | 'location' | 'date'>;

/**
 * An event page's title, naming the dinner by where and when (the tab adds ' — Tablemates').
 * @example eventTitle({ location: 'Gurugram', date: '2026-11-28', … }) // 'Gurugram · 28 Nov'
 */
export const eventTitle = (event: EventNaming) =>
  `${event.location} · ${formatCalendarDate(event.date, { year: false })}`;

/**
 * The picture a link preview shows for `image`: our city illustrations are SVG, which WhatsApp,
 * Facebook and X do not show, so previews use the JPEG made beside each (web/preview-images.ts).
 * @example previewImage('/images/events/gurugram.svg') // '/images/events/gurugram.jpg'
 */
export const previewImage = (image: string) => image.replace(/^(\/images\/events\/[\w-]+)\.svg$/, '$1.jpg');

/** The site's own preview picture (the home page, the events list). */
export const SITE_PREVIEW_IMAGE = {
  image: '/images/events/gurugram.jpg',
  imageAlt: 'A long dinner table under Gurugram’s towers at sunset',
};

/**
 * The event page's head: the title above, and a description and preview naming the dinner, its
 * date and hours, and its price (router-free: the Worker writes it into the page's HTML).
 */
export function eventPageHead(event: EventDetail): PageHead {
  const when = formatEventDate(event.date);
  return {
    title: pageTitle(eventTitle(event)),
    ogTitle: `${event.title} · ${formatCalendarDate(event.date, { year: false })}`,
    description: `${event.title}: dinner with six to eight strangers in ${event.location}, ${when}, ${dinnerHours(event.starts_at, event.ends_at)}. ${rupees(event.ticket_price_single)} per seat; the venue is revealed 48 hours before.`,
    image: event.image_url ? previewImage(event.image_url) : undefined,
    imageAlt: event.title,
  };
}
