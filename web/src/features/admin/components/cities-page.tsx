import { getValue, reset, setError, useForm } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { useId, useState } from 'react';
import * as v from 'valibot';
import { toast } from '@/components/toast';
import { toastError } from '@/components/toast-error';
import { ApiRequestError } from '@/lib/api';
import { CITY_STATUS_LABELS, CITY_STATUSES, CityPatch, NewCity } from '@domain/city';
import { COPY } from '@domain/copy';
import { CONSOLE_COPY } from '@domain/copy-console';
import { INVOICE_COPY } from '@domain/copy-invoices';
import { GST_STATES, stateLabel } from '@domain/invoice';
import { type AdminCity, useAdminCitiesQuery, useSaveCity } from '../api/cities-api';
import { FormField } from './form-field';

const T = CONSOLE_COPY.city;

/** The form's values, as the inputs hold them. */
type Values = { slug: string; name: string; blurb: string; status: string; position: string; gst_state_code: string };
type Name = keyof Values;

const EMPTY: Values = { slug: '', name: '', blurb: '', status: 'coming_soon', position: '', gst_state_code: '' };
const valuesOf = (c: AdminCity): Values => ({
  slug: c.slug,
  name: c.name,
  blurb: c.blurb,
  status: c.status,
  position: String(c.position),
  gst_state_code: c.gst_state_code ?? '',
});
/** What the API takes, from the form's values (a position that is not a number stays text, and is refused). */
const wireOf = (x: Partial<Values>) => {
  const position = (x.position ?? '').trim();
  return {
    // The edit form has no slug input, so its values carry none.
    slug: (x.slug ?? '').trim(),
    name: x.name,
    blurb: x.blurb,
    status: x.status,
    position: position !== '' && !Number.isNaN(Number(position)) ? Number(position) : position,
    // Not set: the business's own state (issue 22).
    gst_state_code: x.gst_state_code ? x.gst_state_code : null,
  };
};

function Field({
  form,
  prefix,
  name,
  ...rest
}: {
  form: ReturnType<typeof useForm<Values>>;
  prefix: string;
  name: Name;
  label: string;
  type?: 'text' | 'number';
  hint?: string;
  children?: React.ReactNode;
}) {
  return <FormField form={form} id={`${prefix}-${name}`} name={name} {...rest} />;
}

/** What the chosen status means for this city's dinners, before it is saved. */
function StatusNote({ status, city }: { status: string; city: AdminCity | null }) {
  const dinners = city?.upcoming_dinners ?? 0;
  if (status === 'hidden' && dinners > 0)
    return (
      <p role="alert" className="alert alert-warning text-sm">
        {T.hiddenWithDinners(dinners)}
      </p>
    );
  if (status === 'available' && dinners === 0)
    return (
      <p role="status" className="alert alert-info text-sm">
        {T.availableWithoutDinner}
      </p>
    );
  return null;
}

/**
 * A new city, or the edit of one (`editing`, whose slug never changes): the domain's schema first
 * (worker/domain/city.ts), then the server's word, each message under its input.
 */
function CityForm({ editing, onDone }: { editing: AdminCity | null; onDone: () => void }) {
  useSignals();
  const initial = editing ? valuesOf(editing) : EMPTY;
  const form = useForm<Values>({ initialValues: initial });
  const [store, { Form }] = form;
  const save = useSaveCity();
  const prefix = editing ? `city-${editing.slug}` : 'new-city';

  const showErrors = (fields: Record<string, string>) => {
    for (const [path, message] of Object.entries(fields)) if (path in EMPTY) setError(store, path as Name, message);
    return Object.keys(fields).length > 0;
  };
  const invalid = (issues: readonly v.BaseIssue<unknown>[]) => {
    const fields: Record<string, string> = {};
    for (const issue of issues) {
      const path = v.getDotPath(issue);
      if (path && !(path in fields)) fields[path] = issue.message;
    }
    showErrors(fields);
    toast({ title: COPY.common.errorTitle, description: T.cityInvalid, variant: 'destructive' });
  };

  const onSubmit = async (values: Values) => {
    const wire = wireOf(values);
    let write: Parameters<typeof save.mutateAsync>[0];
    if (editing) {
      const before = wireOf(initial);
      const { slug: _slug, ...fields } = wire;
      const changed = Object.fromEntries(
        Object.entries(fields).filter(([k, value]) => value !== before[k as keyof typeof before]),
      );
      if (Object.keys(changed).length === 0) return onDone();
      const parsed = v.safeParse(CityPatch, changed);
      if (!parsed.success) return invalid(parsed.issues);
      write = { kind: 'edit', slug: editing.slug, body: parsed.output };
    } else {
      const parsed = v.safeParse(NewCity, wire);
      if (!parsed.success) return invalid(parsed.issues);
      write = { kind: 'create', body: parsed.output };
    }
    try {
      await save.mutateAsync(write);
      toast({ title: editing ? T.saved : T.created, description: editing?.name ?? wire.name?.trim() });
      if (!editing) reset(store);
      onDone();
    } catch (e) {
      if (e instanceof ApiRequestError) showErrors(e.fields);
      toastError(e);
    }
  };

  return (
    <Form className="flex flex-col gap-4" onSubmit={onSubmit} shouldActive={false}>
      <div className="grid gap-4 sm:grid-cols-2">
        {editing ? (
          <div className="flex flex-col gap-1">
            <span className="font-medium">Slug</span>
            <span className="font-mono">{editing.slug}</span>
            <span className="text-base-content/70 text-sm">A slug never changes.</span>
          </div>
        ) : (
          <Field
            form={form}
            prefix={prefix}
            name="slug"
            label="Slug"
            hint='In links (/event/delhi-ncr) and on dinners; e.g. "pune"'
          />
        )}
        <Field form={form} prefix={prefix} name="name" label="Name" hint='As guests read it, e.g. "Delhi NCR"' />
      </div>
      <Field
        form={form}
        prefix={prefix}
        name="blurb"
        label="Card line"
        hint='e.g. "Coming soon to your area" (up to 120 characters)'
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field form={form} prefix={prefix} name="status" label="Status">
          {CITY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {CITY_STATUS_LABELS[s]}
            </option>
          ))}
        </Field>
        <Field
          form={form}
          prefix={prefix}
          name="position"
          label="Position"
          type="number"
          hint="Cards are shown in this order, lowest first"
        />
      </div>
      <Field
        form={form}
        prefix={prefix}
        name="gst_state_code"
        label={INVOICE_COPY.gstState.label}
        hint={INVOICE_COPY.gstState.hint}
      >
        <option value="">{INVOICE_COPY.gstState.notSet}</option>
        {Object.entries(GST_STATES).map(([code, state]) => (
          <option key={code} value={code}>
            {state} ({code})
          </option>
        ))}
      </Field>
      <StatusNote status={getValue(store, 'status') ?? ''} city={editing} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : editing ? 'Save city' : 'Create city'}
        </button>
        {editing && (
          <button type="button" className="btn btn-ghost" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </Form>
  );
}

function CityCard({ city }: { city: AdminCity }) {
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  return (
    <li aria-labelledby={headingId} className="card bg-base-100 shadow-sm ring-1 ring-base-300">
      <div className="card-body gap-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h3 id={headingId} className="text-lg font-semibold">
              {city.name}
            </h3>
            <p className="font-mono text-sm text-base-content/75">{city.slug}</p>
          </div>
          <span className={`badge ${city.status === 'available' ? 'badge-secondary' : 'badge-ghost'}`}>
            {CITY_STATUS_LABELS[city.status]}
          </span>
        </div>
        {editing ? (
          <CityForm editing={city} onDone={() => setEditing(false)} />
        ) : (
          <>
            <p>{city.blurb}</p>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
              <dt className="text-base-content/75">Position</dt>
              <dd>{city.position}</dd>
              <dt className="text-base-content/75">Dinners to book</dt>
              <dd>{city.upcoming_dinners}</dd>
              <dt className="text-base-content/75">{INVOICE_COPY.gstState.label}</dt>
              <dd>{city.gst_state_code ? stateLabel(city.gst_state_code) : INVOICE_COPY.gstState.notSet}</dd>
            </dl>
            <div>
              <button
                type="button"
                className="btn btn-outline btn-sm"
                onClick={() => setEditing(true)}
                aria-label={`Edit ${city.name}`}
              >
                Edit
              </button>
            </div>
          </>
        )}
      </div>
    </li>
  );
}

/**
 * `/admin/cities`: the home page's city cards as rows (DESIGN.md "Operating the product"):
 * every city with its status, position and line, each editable in place, and a form for a new
 * one. Opening a city is setting its status to available; its cards change on the next visit.
 */
export function CitiesPage() {
  const cities = useAdminCitiesQuery();
  return (
    <main className="mx-auto flex min-h-screen max-w-6xl flex-col gap-8 px-4 py-6 sm:px-6 sm:py-10">
      <header>
        <h1 className="text-3xl font-bold">Cities</h1>
        <p className="text-base-content/75">
          The home page shows every city that is not hidden, by position: available cities with their next dinner,
          coming-soon ones with Notify Me.
        </p>
      </header>
      <section aria-labelledby="cities-list-title" className="flex flex-col gap-3">
        <h2 id="cities-list-title" className="text-xl font-semibold">
          All cities
        </h2>
        {cities.isPending ? (
          <p role="status">Loading cities…</p>
        ) : cities.isError ? (
          <p role="alert" className="alert alert-error">
            {CONSOLE_COPY.admin.loadFailed}
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {cities.data.cities.map((city) => (
              <CityCard key={city.slug} city={city} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="new-city-title" className="card bg-base-100 p-4 shadow-sm ring-1 ring-base-300 sm:p-6">
        <h2 id="new-city-title" className="mb-4 text-xl font-semibold">
          New city
        </h2>
        <CityForm editing={null} onDone={() => {}} />
      </section>
    </main>
  );
}
