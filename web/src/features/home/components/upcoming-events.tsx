import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { toast } from '@/components/toast';
import { useSession } from '@/lib/session';
import { type HomeCity, useCities } from '../api/get-cities';
import { useJoinWaitlist } from '../api/join-waitlist';
import {
  AvailableCityCard,
  CityCardGrid,
  CityCardsPlaceholder,
  ComingSoonCityCard,
  cardEvent,
  soldOutEventHref,
} from './city-cards';
import { COPY } from '@domain/copy';

// The dialog carries the sign-up/sign-in form (and its form library); keep it out of the first load.
const loadBookYourSpotDialog = () => import('@/features/auth/components/book-your-spot-dialog');
const BookYourSpotDialog = lazy(() => loadBookYourSpotDialog().then((m) => ({ default: m.BookYourSpotDialog })));

const warmDialog = () => void loadBookYourSpotDialog();

function AvailableCity({ city }: { city: HomeCity }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const { title, price, when, hours } = cardEvent(city);
  const openDialog = () => {
    setRequested(true);
    setOpen(true);
  };
  // A full dinner: the card goes to its page and waitlist, through the router (no page load).
  if (soldOutEventHref(city) && city.next_event) {
    const eventId = city.next_event.id;
    return (
      <AvailableCityCard
        city={city}
        onOpen={(e) => {
          // A new tab or window (ctrl, cmd, shift, middle button) is the link's own business.
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
          e.preventDefault();
          void navigate({ to: '/event/$eventId', params: { eventId } });
        }}
      />
    );
  }
  return (
    <>
      <AvailableCityCard city={city} onOpen={openDialog} onWarm={warmDialog} />
      {/* Outside the card: React events bubble through the tree, so a click inside the dialog
          (e.g. its close button) would otherwise reach the card and reopen it. */}
      {requested && (
        <Suspense fallback={null}>
          <BookYourSpotDialog
            open={open}
            onClose={() => setOpen(false)}
            event={{ title, location: city.name, price, slug: city.slug, when: when && `${when} · ${hours}` }}
          />
        </Suspense>
      )}
    </>
  );
}

function ComingSoonCity({ city }: { city: HomeCity }) {
  const { isAuthenticated } = useSession();
  const waitlist = useJoinWaitlist();
  const notify = () => {
    toast({ title: COPY.waitlist.keepPostedTitle, description: COPY.waitlist.keepPostedText });
    // Only a known guest can be contacted later; a failure here must not spoil the moment.
    if (isAuthenticated) waitlist.mutate(city.slug, { onError: () => {} });
  };
  return <ComingSoonCityCard city={city} onNotify={notify} />;
}

/**
 * SPEC §2 Home "Upcoming events": one card per city the console lists (the `cities` table, by
 * position): available cities open the booking dialog, coming-soon ones take 'Notify Me'. The
 * served page carries the cards and their data (worker/routes/pages.ts), so the first render
 * here is the frame's own and hydrates it; without that data the SPA asks GET /api/cities.
 */
export function UpcomingEvents() {
  const { data, isError } = useCities();
  return (
    <section id="upcoming-events" aria-labelledby="upcoming-events-title" className="scroll-mt-20 bg-base-200 py-20">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <p className="text-center text-sm font-semibold tracking-widest text-primary uppercase">Upcoming Events</p>
        <h2 id="upcoming-events-title" className="mx-auto mt-3 max-w-2xl text-center text-3xl font-bold sm:text-4xl">
          Pick your city, pull up a chair
        </h2>
        <CityCardGrid busy={!data && !isError}>
          {data ? (
            data.cities.map((city) =>
              city.status === 'available' ? (
                <AvailableCity key={city.slug} city={city} />
              ) : (
                <ComingSoonCity key={city.slug} city={city} />
              ),
            )
          ) : isError ? (
            <p className="text-center text-base-content/80 md:col-span-3">{COPY.common.failed}</p>
          ) : (
            <CityCardsPlaceholder />
          )}
        </CityCardGrid>
      </div>
    </section>
  );
}
