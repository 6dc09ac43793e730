import { Link } from '@tanstack/react-router';
import type { EventSummary } from '../api/get-events';
import { EVENT_CARD_LINK_CLASS, EventCardFrame } from './event-card-frame';

/** One event on /events, its title a router link to the event's page. */
export function EventCard({ event, eager = false }: { event: EventSummary; eager?: boolean }) {
  return (
    <EventCardFrame
      event={event}
      eager={eager}
      title={
        <Link to="/event/$eventId" params={{ eventId: event.id }} className={EVENT_CARD_LINK_CLASS}>
          {event.title}
        </Link>
      }
    />
  );
}
