import { reset, setError, useForm } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { useId, useRef, useState } from 'react';
import * as v from 'valibot';
import { toast } from '@/components/toast';
import { toastError } from '@/components/toast-error';
import { ApiRequestError } from '@/lib/api';
import { COPY } from '@domain/copy';
import { CONSOLE_COPY } from '@domain/copy-console';
import { CouponPatch, expiryError, NewCoupon } from '@domain/coupon';
import { COUPON_KINDS, couponSaving, TICKET_LABELS, TICKET_TYPES, type TicketType } from '@domain/pricing';
import { formatIstShort, istToUtc } from '@domain/time';
import { useAdminEventsQuery } from '../api/admin-api';
import { type AdminCoupon, useCouponsQuery, useSaveCoupon } from '../api/coupons-api';
import { FormField } from './form-field';

const T = CONSOLE_COPY.coupon;

/** The form's text fields as the inputs hold them; ticket types and the switch live beside them. */
type Values = {
  code: string;
  kind: string;
  value: string;
  event_id: string;
  max_redemptions: string;
  /** `yyyy-MM-ddTHH:mm` in IST (a datetime-local input). */
  expires_at: string;
};
type Name = keyof Values;

const EMPTY: Values = { code: '', kind: 'percent', value: '', event_id: '', max_redemptions: '', expires_at: '' };

/** `yyyy-MM-ddTHH:mm` in IST of a UTC instant, for a datetime-local input. */
const istLocal = (iso: string) => new Date(new Date(iso).getTime() + 330 * 60_000).toISOString().slice(0, 16);

const valuesOf = (c: AdminCoupon): Values => ({
  code: c.code,
  kind: c.kind,
  value: String(c.value),
  event_id: c.event_id ?? '',
  max_redemptions: c.max_redemptions === null ? '' : String(c.max_redemptions),
  expires_at: c.expires_at ? istLocal(c.expires_at) : '',
});

/** A coupon's fields on the wire, from the form's values ('' is "none"; numbers stay NaN to be refused). */
function wireOf(values: Values, ticketTypes: TicketType[], active: boolean) {
  const number = (s: string) => (s.trim() === '' ? null : Number(s));
  const [date, time] = values.expires_at.split('T');
  return {
    code: values.code,
    kind: values.kind,
    value: number(values.value) ?? Number.NaN,
    ticket_types: ticketTypes.length > 0 ? ticketTypes : null,
    event_id: values.event_id || null,
    max_redemptions: number(values.max_redemptions),
    expires_at: date && time ? istToUtc(date, time) : null,
    active,
  };
}

/** Field path of a valibot issue or server field → the input that shows it. */
const inputOf = (path: string) => path.split('.')[0];

function Field({
  form,
  name,
  ...rest
}: {
  form: ReturnType<typeof useForm<Values>>;
  name: Name;
  label: string;
  type?: 'text' | 'number' | 'datetime-local';
  hint?: string;
  readOnly?: boolean;
  children?: React.ReactNode;
}) {
  return <FormField form={form} id={`coupon-${name}`} name={name} {...rest} />;
}

/** New coupon, or the edit of one (`editing`); the domain's schema first, then the server's word. */
function CouponForm({ editing, onDone }: { editing: AdminCoupon | null; onDone: () => void }) {
  useSignals();
  const initial = editing ? valuesOf(editing) : EMPTY;
  const form = useForm<Values>({ initialValues: initial });
  const [store, { Form }] = form;
  const [ticketTypes, setTicketTypes] = useState<TicketType[]>(editing?.ticket_types ?? []);
  const [ticketError, setTicketError] = useState<string | null>(null);
  const [active, setActive] = useState(editing?.active ?? true);
  const save = useSaveCoupon();
  const dinners = useAdminEventsQuery();
  const now = new Date().toISOString();
  const choices = (dinners.data?.events ?? [])
    .filter((e) => e.starts_at > now || e.id === editing?.event_id)
    .sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  const ids = { tickets: useId(), ticketError: useId() };

  /** Shows each message under its input; true when there were any. */
  const showErrors = (fields: Record<string, string>) => {
    for (const [path, message] of Object.entries(fields)) {
      const name = inputOf(path);
      if (name === 'ticket_types') setTicketError(message);
      else if (name in EMPTY) setError(store, name as Name, message);
    }
    return Object.keys(fields).length > 0;
  };

  const onSubmit = async (values: Values) => {
    setTicketError(null);
    const wire = wireOf(values, ticketTypes, active);
    const { code, ...fields } = wire;
    let write: Parameters<typeof save.mutateAsync>[0];
    if (editing) {
      const before = wireOf(initial, editing.ticket_types ?? [], editing.active);
      const changed = Object.fromEntries(
        Object.entries(fields).filter(
          ([k, value]) => JSON.stringify(value) !== JSON.stringify(before[k as keyof typeof before]),
        ),
      );
      if (Object.keys(changed).length === 0) return onDone();
      const parsed = v.safeParse(CouponPatch, changed);
      if (!parsed.success) return invalid(parsed.issues);
      write = { kind: 'edit', code: editing.code, body: changed as never };
    } else {
      const parsed = v.safeParse(NewCoupon, wire);
      if (!parsed.success) return invalid(parsed.issues);
      write = { kind: 'create', body: wire as never };
    }
    const expiry = expiryError(wire.expires_at, new Date());
    if (expiry && (!editing || 'expires_at' in (write.body as object))) {
      showErrors({ expires_at: expiry });
      return;
    }
    try {
      await save.mutateAsync(write);
      toast({ title: editing ? T.saved : T.created, description: code.trim().toUpperCase() });
      if (!editing) {
        reset(store);
        setTicketTypes([]);
        setActive(true);
      }
      onDone();
    } catch (e) {
      const fieldsShown = e instanceof ApiRequestError && showErrors(e.fields);
      toastError(e);
      if (!fieldsShown && e instanceof ApiRequestError && e.code === 'duplicate_code')
        setError(store, 'code', e.message);
    }
  };

  const invalid = (issues: readonly v.BaseIssue<unknown>[]) => {
    const fields: Record<string, string> = {};
    for (const issue of issues) {
      const path = v.getDotPath(issue);
      if (path && !(inputOf(path) in fields)) fields[inputOf(path)] = issue.message;
    }
    showErrors(fields);
    toast({ title: COPY.common.errorTitle, description: T.couponInvalid, variant: 'destructive' });
  };

  const toggleTicket = (type: TicketType, on: boolean) => {
    setTicketError(null);
    setTicketTypes((list) => (on ? [...list, type] : list.filter((t) => t !== type)));
  };

  return (
    <Form className="flex flex-col gap-4" onSubmit={onSubmit} shouldActive={false}>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          form={form}
          name="code"
          label="Code"
          hint={editing ? 'A code never changes' : 'Letters, digits, dashes; case does not matter'}
          readOnly={Boolean(editing)}
        />
        <Field form={form} name="kind" label="Discount">
          {COUPON_KINDS.map((k) => (
            <option key={k} value={k}>
              {k === 'percent' ? 'Percent off' : 'Rupees off'}
            </option>
          ))}
        </Field>
        <Field form={form} name="value" label="Value" type="number" hint="1-100 %, or whole rupees" />
      </div>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={ticketError ? ids.ticketError : `${ids.tickets}-hint`}
      >
        <legend className="font-medium">Ticket types</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {TICKET_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={ticketTypes.includes(type)}
                aria-invalid={Boolean(ticketError)}
                onChange={(e) => toggleTicket(type, e.currentTarget.checked)}
              />
              {TICKET_LABELS[type]}
            </label>
          ))}
        </div>
        <p id={`${ids.tickets}-hint`} className="text-base-content/70 text-sm">
          None ticked: every ticket.
        </p>
        {ticketError && (
          <p id={ids.ticketError} className="text-error text-sm font-medium">
            {ticketError}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field form={form} name="event_id" label="Dinner">
          <option value="">Every dinner</option>
          {choices.map((e) => (
            <option key={e.id} value={e.id}>
              {e.title} · {e.date}
            </option>
          ))}
        </Field>
        <Field form={form} name="max_redemptions" label="Usage cap" type="number" hint="Empty: no cap" />
        <Field form={form} name="expires_at" label="Expires (IST)" type="datetime-local" hint="Empty: never" />
      </div>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          className="checkbox"
          checked={active}
          onChange={(e) => setActive(e.currentTarget.checked)}
        />
        Active (guests can use it)
      </label>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : editing ? 'Save changes' : 'Create coupon'}
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

/** Redemptions against the cap, in words. */
const usage = (c: AdminCoupon) =>
  c.max_redemptions === null ? `${c.redemptions} (no cap)` : `${c.redemptions} of ${c.max_redemptions}`;

function CouponCard({ coupon, onEdit }: { coupon: AdminCoupon; onEdit: (c: AdminCoupon) => void }) {
  const headingId = useId();
  const save = useSaveCoupon();
  const expired = coupon.expires_at !== null && coupon.expires_at <= new Date().toISOString();
  const toggle = (active: boolean) =>
    save.mutate(
      { kind: 'edit', code: coupon.code, body: { active } },
      {
        onSuccess: () => toast({ title: active ? T.activated : T.deactivated, description: coupon.code }),
        onError: toastError,
      },
    );
  const figures: Array<[string, string]> = [
    ['Terms', couponSaving(coupon)],
    ['Tickets', coupon.ticket_types ? coupon.ticket_types.map((t) => TICKET_LABELS[t]).join(', ') : 'Every ticket'],
    [
      'Dinner',
      coupon.event_id ? `${coupon.event_title ?? coupon.event_id} · ${coupon.event_date ?? ''}` : 'Every dinner',
    ],
    ['Redemptions', usage(coupon)],
    ['Expires', coupon.expires_at ? `${formatIstShort(coupon.expires_at)}${expired ? ' (expired)' : ''}` : 'Never'],
  ];
  return (
    <li aria-labelledby={headingId} className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="font-mono text-lg font-semibold break-all">
          {coupon.code}
        </h3>
        <span className={`badge ${coupon.active && !expired ? 'badge-success' : 'badge-neutral'}`}>
          {!coupon.active ? 'Paused' : expired ? 'Expired' : 'Active'}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        {figures.map(([label, value]) => (
          <div key={label} className="flex gap-2 sm:flex-col sm:gap-0">
            <dt className="w-28 shrink-0 text-base-content/80 sm:w-auto">{label}</dt>
            <dd className="min-w-0 font-semibold break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <label className="flex cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            role="switch"
            className="toggle toggle-success"
            checked={coupon.active}
            disabled={save.isPending}
            onChange={(e) => toggle(e.currentTarget.checked)}
          />
          <span>
            Active<span className="sr-only">: {coupon.code}</span>
          </span>
        </label>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => onEdit(coupon)}>
          Edit<span className="sr-only"> {coupon.code}</span>
        </button>
      </div>
    </li>
  );
}

/** `/admin/coupons`: every coupon with its terms and redemptions, a switch each, and the form to create or edit one. */
export function CouponsPage() {
  const list = useCouponsQuery();
  const [editing, setEditing] = useState<AdminCoupon | null>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);
  const edit = (c: AdminCoupon | null) => {
    setEditing(c);
    // The form is above the list: take the operator (and their screen reader) to it.
    requestAnimationFrame(() => formHeading.current?.focus());
  };

  return (
    <main className="mx-auto min-h-screen max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <h1 className="text-3xl font-bold">Coupons</h1>
      <p className="mt-1 text-base-content/80">
        A redemption is an order holding or paid with the coupon: an unpaid hold that ends gives it back.
      </p>

      <section aria-labelledby="coupon-form-heading" className="mt-6 rounded-box border border-base-300 p-4 sm:p-6">
        <h2 id="coupon-form-heading" ref={formHeading} tabIndex={-1} className="mb-4 text-xl font-bold">
          {editing ? `Edit ${editing.code}` : 'New coupon'}
        </h2>
        <CouponForm key={editing?.code ?? 'new'} editing={editing} onDone={() => edit(null)} />
      </section>

      <section aria-labelledby="coupon-list-heading" className="mt-10">
        <h2 id="coupon-list-heading" className="text-2xl font-bold">
          All coupons
        </h2>
        {list.isPending ? (
          <p role="status" className="mt-4 text-base-content/80">
            Loading...
          </p>
        ) : list.isError ? (
          <div role="alert" className="alert alert-error mt-4">
            <span>{list.error.message || CONSOLE_COPY.admin.loadFailed}</span>
            <button type="button" className="btn btn-sm" onClick={() => list.refetch()}>
              Try again
            </button>
          </div>
        ) : list.data.coupons.length === 0 ? (
          <p className="mt-4 text-base-content/80">No coupons yet: every code a guest types is refused.</p>
        ) : (
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {list.data.coupons.map((c) => (
              <CouponCard key={c.code} coupon={c} onEdit={edit} />
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
