import { lazy, Suspense, useState } from 'react';
import { toast } from '@/components/toast';
import { useSession } from '@/lib/session';
import { useCityEvent } from '../api/get-city-event';
import { useJoinWaitlist, type WaitlistCity } from '../api/join-waitlist';
import { COPY } from '@domain/copy';

// The dialog carries the sign-up/sign-in form (and its form library); keep it out of the first load.
const loadBookYourSpotDialog = () => import('@/features/auth/components/book-your-spot-dialog');
const BookYourSpotDialog = lazy(() => loadBookYourSpotDialog().then((m) => ({ default: m.BookYourSpotDialog })));

/** SPEC §2 Home: the displayed ticket price. The real price is always computed by the server. */
const DISPLAY_PRICE = 499;
const FALLBACK_TITLE = 'Saturday Night Soirée';

const comingSoon: Array<{ city: WaitlistCity; name: string; text: string }> = [
  { city: 'noida', name: 'Noida', text: 'Coming soon to your area' },
  { city: 'delhi-ncr', name: 'Delhi NCR', text: 'Expanding to more locations' },
];

/** "Saturday, 6 December" in IST, from the API's yyyy-MM-dd date. */
function formatEventDate(date: string | undefined): string | null {
  if (!date) return null;
  const d = new Date(`${date}T12:00:00+05:30`);
  if (Number.isNaN(d.getTime())) return null;
  return d.toLocaleDateString('en-IN', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Asia/Kolkata' });
}

function CityImage({ slug, name }: { slug: string; name: string }) {
  return (
    <figure className="aspect-[16/9] overflow-hidden">
      <img
        src={`/images/events/${slug}.svg`}
        alt={`Illustration of ${name}`}
        width={800}
        height={450}
        loading="lazy"
        decoding="async"
        className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-105"
      />
    </figure>
  );
}

function GurugramCard() {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const { data } = useCityEvent('gurugram');
  const title = data?.event.title ?? FALLBACK_TITLE;
  const when = formatEventDate(data?.event.date);
  const openDialog = () => {
    setRequested(true);
    setOpen(true);
  };
  return (
    <>
      {/* The whole card opens the dialog (SPEC); its button is the keyboard-reachable control, and
          its click simply bubbles here so both paths share one handler. */}
      <article
        className="group card cursor-pointer overflow-hidden bg-base-100 shadow-md ring-1 ring-base-300 transition hover:-translate-y-1 hover:shadow-xl"
        onClick={openDialog}
        onPointerEnter={() => void loadBookYourSpotDialog()}
        aria-labelledby="city-gurugram"
      >
        <div className="relative">
          <CityImage slug="gurugram" name="Gurugram" />
          <span className="badge badge-secondary absolute top-3 left-3 font-semibold shadow">Available Now</span>
        </div>
        <div className="card-body gap-2">
          <h3 id="city-gurugram" className="card-title text-2xl">
            Gurugram
          </h3>
          <p className="font-medium text-primary">{title}</p>
          {when && <p className="text-sm text-base-content/75">{when} · 7:00 PM - 10:00 PM</p>}
          <p className="text-base-content/80">Join us for an amazing evening</p>
          <div className="card-actions mt-2 items-center justify-between">
            <span className="font-display text-lg font-semibold">₹{DISPLAY_PRICE}</span>
            <button
              type="button"
              className="btn btn-primary rounded-full"
              onFocus={() => void loadBookYourSpotDialog()}
            >
              View Details
            </button>
          </div>
        </div>
      </article>
      {/* Outside the card: React events bubble through the tree, so a click inside the dialog
          (e.g. its close button) would otherwise reach the card and reopen it. */}
      {requested && (
        <Suspense fallback={null}>
          <BookYourSpotDialog
            open={open}
            onClose={() => setOpen(false)}
            event={{ title, location: 'Gurugram', price: DISPLAY_PRICE, slug: 'gurugram' }}
          />
        </Suspense>
      )}
    </>
  );
}

function ComingSoonCard({ city, name, text }: (typeof comingSoon)[number]) {
  const { isAuthenticated } = useSession();
  const waitlist = useJoinWaitlist();
  const notify = () => {
    toast({ title: COPY.waitlist.keepPostedTitle, description: COPY.waitlist.keepPostedText });
    // Only a known guest can be contacted later; a failure here must not spoil the moment.
    if (isAuthenticated) waitlist.mutate(city, { onError: () => {} });
  };
  return (
    <article
      className="group card cursor-pointer overflow-hidden bg-base-100 shadow-md ring-1 ring-base-300"
      onClick={notify}
      aria-labelledby={`city-${city}`}
    >
      <div className="relative">
        <CityImage slug={city} name={name} />
        <span className="badge absolute top-3 left-3 border-none bg-base-100 font-semibold text-base-content shadow">
          Coming Soon
        </span>
      </div>
      <div className="card-body gap-2">
        <h3 id={`city-${city}`} className="card-title text-2xl">
          {name}
        </h3>
        <p className="text-base-content/80">{text}</p>
        <div className="card-actions mt-2 justify-end">
          {/* Click bubbles to the card's handler (one toast, one waitlist call). */}
          <button type="button" className="btn btn-outline btn-primary rounded-full">
            Notify Me
          </button>
        </div>
      </div>
    </article>
  );
}

/** SPEC §2 Home "Upcoming events": Gurugram is open; Noida and Delhi NCR take waitlist interest. */
export function UpcomingEvents() {
  return (
    <section id="upcoming-events" aria-labelledby="upcoming-events-title" className="scroll-mt-20 bg-base-200 py-20">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <p className="text-center text-sm font-semibold tracking-widest text-primary uppercase">Upcoming Events</p>
        <h2 id="upcoming-events-title" className="mx-auto mt-3 max-w-2xl text-center text-3xl font-bold sm:text-4xl">
          Pick your city, pull up a chair
        </h2>
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          <GurugramCard />
          {comingSoon.map((c) => (
            <ComingSoonCard key={c.city} {...c} />
          ))}
        </div>
      </div>
    </section>
  );
}
