import { Spinner } from '@/components/spinner';
import { getValue, setError, useForm } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { toast } from '@/components/toast';
import { toastError } from '@/components/toast-error';
import { ApiRequestError } from '@/lib/api';
import { CITY_STATUS_LABELS } from '@domain/city';
import { CONSOLE_COPY } from '@domain/copy-console';
import { venueMissingSoon, venueRevealAt, WEEKDAYS } from '@domain/dinner';
import { priceFor, rupees, TICKET_LABELS } from '@domain/pricing';
import { DEFAULT_DINNER_END, DEFAULT_DINNER_START, formatIstDateTime, isVenueRevealed } from '@domain/time';
import { type EditableDinner, useDinnerQuery, useSaveDinner } from '../api/admin-api';
import { useAdminCitiesQuery } from '../api/cities-api';
import { ConsoleLink, useConsoleNavigate, useConsoleParams } from '../routing/console-links';
import { FormField } from './form-field';
import { DinnerTabs } from './dinner-tabs';

const T = CONSOLE_COPY.dinner;

/** The form's values, all text as the inputs hold them. */
type Values = {
  title: string;
  description: string;
  city: string;
  location: string;
  date: string;
  time: string;
  /** The end, HH:mm IST on the dinner's date. */
  end_time: string;
  weekday: string;
  weeks: string;
  capacity: string;
  ticket_price_single: string;
  ticket_price_couple: string;
  ticket_price_group: string;
  venue_name: string;
  venue_address: string;
  image_url: string;
};
type Name = keyof Values;

const EMPTY: Values = {
  title: '',
  description: '',
  city: '',
  location: '',
  date: '',
  // A new dinner starts as SPEC's 7:00 PM - 10:00 PM; the operator may change both.
  time: DEFAULT_DINNER_START,
  end_time: DEFAULT_DINNER_END,
  weekday: 'friday',
  weeks: '4',
  capacity: '12',
  ticket_price_single: '',
  ticket_price_couple: '',
  ticket_price_group: '',
  venue_name: '',
  venue_address: '',
  image_url: '',
};

/** HH:mm in IST of a UTC instant. */
const istClock = (at: string) => new Date(new Date(at).getTime() + 330 * 60_000).toISOString().slice(11, 16);

const valuesOf = (e: EditableDinner): Values => ({
  ...EMPTY,
  title: e.title,
  description: e.description,
  city: e.city,
  location: e.location,
  date: e.date,
  time: istClock(e.starts_at),
  end_time: istClock(e.ends_at),
  capacity: String(e.capacity),
  ticket_price_single: String(e.ticket_price_single),
  ticket_price_couple: String(e.ticket_price_couple),
  ticket_price_group: String(e.ticket_price_group),
  venue_name: e.venue_name ?? '',
  venue_address: e.venue_address ?? '',
  image_url: e.image_url,
});

/** The female ticket is priced from the male one (worker/domain/pricing.ts): say what it comes to. */
function femaleHint(single: string) {
  const price = Number(single);
  const female =
    single.trim() !== '' && Number.isInteger(price) && price >= 0
      ? rupees(priceFor({ ticketPriceSingle: price, ticketPriceCouple: 0, ticketPriceGroup: 0 }, 'female'))
      : null;
  return female ? `${TICKET_LABELS.female} pays ${female} (5/8 of this)` : `${TICKET_LABELS.female} pays 5/8 of this`;
}

/** A server field name → the input that shows its message. */
const INPUT_OF: Record<string, Name> = { starts_at: 'date', local_time: 'time', ends_at: 'end_time' };
const NUMERIC = new Set<Name>([
  'capacity',
  'ticket_price_single',
  'ticket_price_couple',
  'ticket_price_group',
  'weeks',
]);

/** The body of a write from the form's values; empty optional fields are left out (or null for the venue). */
function bodyOf(values: Values, keys: Name[]) {
  const body: Record<string, unknown> = {};
  for (const k of keys) {
    const value = values[k].trim();
    if (k === 'venue_name' || k === 'venue_address') body[k] = value === '' ? null : value;
    else if (value === '' && (k.startsWith('ticket_price') || k === 'image_url')) continue;
    else body[k] = NUMERIC.has(k) && value !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;
  }
  return body;
}

function Field({
  form,
  name,
  ...rest
}: {
  form: ReturnType<typeof useForm<Values>>;
  name: Name;
  label: string;
  type?: 'text' | 'number' | 'date' | 'time' | 'url';
  hint?: string;
  list?: string;
  textarea?: boolean;
  children?: React.ReactNode;
}) {
  return <FormField form={form} id={`dinner-${name}`} name={name} {...rest} />;
}

/** When guests see the venue, and a warning when it is missing and that is near. */
function RevealNote({
  startsAt,
  venueName,
  venueAddress,
}: {
  startsAt: string;
  venueName: string;
  venueAddress: string;
}) {
  if (!startsAt || Number.isNaN(new Date(startsAt).getTime())) return null;
  const reveal = venueRevealAt(startsAt);
  const missing = venueMissingSoon(
    { starts_at: startsAt, venue_name: venueName || null, venue_address: venueAddress || null },
    new Date(),
  );
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="venue-reveal">
      <p>{isVenueRevealed(startsAt) ? T.venueRevealed : `${T.venueRevealsAt} ${formatIstDateTime(reveal)} IST.`}</p>
      {missing && (
        <p role="alert" className="alert alert-warning">
          {T.venueMissingSoon}
        </p>
      )}
    </div>
  );
}

function DinnerForm({ initial, eventId }: { initial: Values; eventId?: string }) {
  useSignals();
  const form = useForm<Values>({ initialValues: initial });
  const [store, { Form }] = form;
  const [repeat, setRepeat] = useState(false);
  const [available, setAvailable] = useState(true);
  const save = useSaveDinner();
  const navigate = useConsoleNavigate();
  // A dinner's city is one of the cities table's (worker/domain/city.ts); hidden ones too.
  const cities = useAdminCitiesQuery().data?.cities ?? [];
  const read = (k: Name) => getValue(store, k) ?? '';
  const startsAt = read('date') && read('time') ? `${read('date')}T${read('time')}:00+05:30` : '';

  const onSubmit = async (v: Values) => {
    // HH:mm compare as text: an end at or before the start would be the next day (the API says the same).
    if (v.end_time <= v.time) {
      setError(store, 'end_time', T.endBeforeStart);
      return;
    }
    const all = Object.keys(EMPTY) as Name[];
    const shared = all.filter((k) => !['date', 'time', 'weekday', 'weeks'].includes(k));
    try {
      if (eventId) {
        const changed = all.filter((k) => !['weekday', 'weeks'].includes(k) && v[k] !== initial[k]);
        // The start and end go together: the API checks the one against the other.
        if (changed.some((k) => k === 'date' || k === 'time' || k === 'end_time'))
          changed.push('date', 'time', 'end_time');
        const body = bodyOf(v, [...new Set(changed)]);
        if (Object.keys(body).length === 0) return navigate('');
        await save.mutateAsync({ kind: 'edit', id: eventId, body: body as never });
        toast({ title: T.dinnerSaved });
      } else if (repeat) {
        const body = { ...bodyOf(v, [...shared, 'weekday', 'weeks']), local_time: v.time, available };
        await save.mutateAsync({ kind: 'series', body: body as never });
        toast({ title: T.seriesCreated(Number(v.weeks)) });
        // The dashboard, searched for the series' title: every new dinner in one table.
        return await navigate('', { search: { q: v.title.trim() } });
      } else {
        const body = { ...bodyOf(v, [...shared, 'date', 'time']), available };
        const created = await save.mutateAsync({ kind: 'create', body: body as never });
        toast({ title: T.dinnerCreated });
        // The operator lands on the dinner just created, not the top of the dashboard.
        if (created.event) return await navigate('events/$eventId', { params: { eventId: created.event.id } });
      }
      await navigate('');
    } catch (e) {
      if (e instanceof ApiRequestError) {
        const fields = Object.entries(e.fields);
        for (const [key, message] of fields) {
          const name = INPUT_OF[key] ?? key;
          if (name in EMPTY) setError(store, name as Name, message);
        }
        if (e.code === 'capacity_below_taken') setError(store, 'capacity', e.message);
      }
      toastError(e);
    }
  };

  return (
    <Form className="flex flex-col gap-4" onSubmit={onSubmit} shouldActive={false}>
      <Field form={form} name="title" label="Title" />
      <Field form={form} name="description" label="Description" textarea />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field form={form} name="city" label="City" hint="New cities are added on the Cities page">
          <option value="">Pick a city</option>
          {cities.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.name} ({c.slug}){c.status === 'available' ? '' : ` · ${CITY_STATUS_LABELS[c.status]}`}
            </option>
          ))}
        </Field>
        <Field form={form} name="location" label="Area" hint="Shown to guests before the reveal" />
      </div>
      {!eventId && (
        <label className="flex items-center gap-2">
          <input type="checkbox" className="checkbox" checked={repeat} onChange={(e) => setRepeat(e.target.checked)} />
          Repeat weekly for N weeks
        </label>
      )}
      <div className={`grid gap-4 ${repeat ? 'sm:grid-cols-4' : 'sm:grid-cols-3'}`}>
        {repeat ? (
          <>
            <Field form={form} name="weekday" label="Weekday">
              {WEEKDAYS.map((d) => (
                <option key={d} value={d}>
                  {d[0].toUpperCase() + d.slice(1)}
                </option>
              ))}
            </Field>
            <Field form={form} name="weeks" label="Number of weeks" type="number" hint="1 to 26" />
          </>
        ) : (
          <Field form={form} name="date" label="Date (IST)" type="date" />
        )}
        <Field form={form} name="time" label="Start time (IST)" type="time" />
        <Field form={form} name="end_time" label="Ends at (IST)" type="time" hint="The same day, after the start" />
      </div>
      <div className="grid gap-4 sm:grid-cols-4">
        <Field form={form} name="capacity" label="Capacity" type="number" hint="1 to 200" />
        <Field
          form={form}
          name="ticket_price_single"
          label={`${TICKET_LABELS.male} ticket ₹`}
          type="number"
          hint={femaleHint(read('ticket_price_single'))}
        />
        <Field form={form} name="ticket_price_couple" label={`${TICKET_LABELS.couple} ₹`} type="number" />
        <Field form={form} name="ticket_price_group" label={`${TICKET_LABELS.female_duo} ₹`} type="number" />
      </div>
      {!eventId && <p className="text-base-content/70 text-sm">Leave prices empty to use the city's last dinner's.</p>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field form={form} name="venue_name" label="Venue name" hint="Both or neither" />
        <Field form={form} name="venue_address" label="Venue address" />
      </div>
      {!repeat && (
        <RevealNote startsAt={startsAt} venueName={read('venue_name')} venueAddress={read('venue_address')} />
      )}
      <Field form={form} name="image_url" label="Image (optional)" hint="/images/events/… or https://…" />
      {!eventId && (
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="checkbox"
            checked={available}
            onChange={(e) => setAvailable(e.target.checked)}
          />
          Shown to guests
        </label>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : eventId ? 'Save changes' : repeat ? 'Create series' : 'Create dinner'}
        </button>
        <ConsoleLink to="" className="btn btn-ghost">
          Cancel
        </ConsoleLink>
      </div>
    </Form>
  );
}

function Page({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <ConsoleLink to="" className="link text-sm">
        ← Console
      </ConsoleLink>
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </main>
  );
}

/** `/admin/events/new`: a dinner, or a weekly series of them. */
export function NewDinnerPage() {
  return (
    <Page title="New dinner">
      <DinnerForm initial={EMPTY} />
    </Page>
  );
}

/** `/admin/events/:id/edit`. */
export function EditDinnerPage() {
  const { eventId } = useConsoleParams<'eventId'>();
  const { data, isError } = useDinnerQuery(eventId);
  return (
    <Page title="Edit dinner">
      <DinnerTabs eventId={eventId} />
      {isError ? (
        <p role="alert">{CONSOLE_COPY.admin.eventNotFound}</p>
      ) : data ? (
        <DinnerForm key={eventId} initial={valuesOf(data.event)} eventId={eventId} />
      ) : (
        <Spinner label="Loading" />
      )}
    </Page>
  );
}
