import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import * as v from 'valibot';
import { toast } from '@/components/toast';
import { useSession } from '@/lib/session';
import { useEventQuery } from '@/features/events/api/get-event';
import { useWaitlistEntry } from '@/features/waitlist/api/get-waitlist-entry';
import { WaitlistPanel } from '@/features/waitlist/components/waitlist-panel';
import { ApiRequestError } from '@/lib/api';
import type { CreateOrderInput } from '../api/create-order';
import { useCreditBalance } from '../api/get-credits';
import { useValidateCoupon, type validateCoupon } from '../api/validate-coupon';
import { useCheckout } from '../hooks/use-checkout';
import { COPY } from '@domain/copy';
import { splitPayment } from '@domain/credit';
import { ticketsFor } from '@domain/ledger-rules';
import { isPartyTicket, PartyNameSchema, PartyPhoneSchema } from '@domain/order';
import { couponSaving, rupees, TICKET_LABELS, type TicketType } from '@domain/pricing';
import { SEX_LABELS } from '@domain/profile';
import { WAITLIST_COPY } from '@domain/waitlist';
import { PartyFields } from './party-fields';

/**
 * The phone check (issue 19) and /auth's code step it reuses load only for a guest who needs them:
 * a verified guest's event page carries none of it.
 */
const loadVerifyPhone = () => import('./verify-phone');
const VerifyPhone = lazy(() => loadVerifyPhone().then((m) => ({ default: m.VerifyPhone })));

/**
 * The order refusals the booking box answers in place, beside 'Book Now' (issue 19), rather than in
 * a toast: each says what to do next at this very box. A suspended account (issue 21) is told here
 * too, where it tried to book, in words that stay (a toast fades).
 */
const REFUSALS_SHOWN_HERE = new Set(['ticket_mismatch', 'hold_exists', 'account_suspended']);

/** A coupon the server accepted for this dinner, with each ticket's price as it will charge it. */
type AppliedCoupon = Awaited<ReturnType<typeof validateCoupon>>;

/** The ticket's price with the coupon, when it applies and saves something; else null. */
function couponPrice(coupon: AppliedCoupon | null, type: TicketType) {
  const line = coupon?.ticket_types.find((t) => t.type === type);
  return line && line.discounted_price !== null && line.discounted_price < line.price ? line.discounted_price : null;
}

/** Which tickets a coupon is for, in words, when it is not for all of them. */
function couponScope(coupon: AppliedCoupon) {
  const fits = coupon.ticket_types.filter((t) => t.discounted_price !== null);
  return fits.length === coupon.ticket_types.length
    ? ''
    : ` (${fits.map((t) => TICKET_LABELS[t.type]).join(', ')} only)`;
}

/**
 * Ticket selection, coupon box and 'Book Now' on the event page (SPEC §2 Event detail, §9).
 * Shown only to signed-in guests; prices and seats left come from the server.
 */
export function TicketSelection({ eventId }: { eventId: string }) {
  const { isAuthenticated, loading } = useSession();
  if (loading || !isAuthenticated) return null;
  return <TicketForm eventId={eventId} />;
}

function TicketForm({ eventId }: { eventId: string }) {
  const { profile, user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  /** The order waiting on the guest's phone check (issue 19), shown instead of the tickets meanwhile. */
  const [verifying, setVerifying] = useState<CreateOrderInput | null>(null);
  /** The guest asked for the waitlist of a ticket sold out while others are still on sale. */
  const [waitlistOpen, setWaitlistOpen] = useState(false);
  /** Why the server refused the last 'Book Now', in its own words (hold_exists, ticket_mismatch). */
  const [refusal, setRefusal] = useState<string | null>(null);
  const { data } = useEventQuery(eventId);
  const event = data.event;
  const [chosen, setTicket] = useState<TicketType | null>(null);
  const [coupon, setCoupon] = useState('');
  const [couponError, setCouponError] = useState<string | null>(null);
  const [appliedCoupon, setAppliedCoupon] = useState<AppliedCoupon | null>(null);
  const [party, setParty] = useState({ name: '', phone: '' });
  const [partyErrors, setPartyErrors] = useState<{ name?: string; phone?: string }>({});
  const partyNameRef = useRef<HTMLInputElement>(null);
  const partyPhoneRef = useRef<HTMLInputElement>(null);
  const ticketsRef = useRef<HTMLFieldSetElement>(null);
  const bookNowRef = useRef<HTMLButtonElement>(null);
  /** Set by 'Back to tickets': the phone check (and its focused button) is gone, so focus comes back here. */
  const returnFocus = useRef(false);
  const validate = useValidateCoupon();
  // A coupon the order refuses after all (used up, switched off meanwhile): show why, drop it.
  const { start, busy } = useCheckout(event.title, {
    onInvalidCoupon: () => {
      setAppliedCoupon(null);
      setCouponError(COPY.booking.invalidCoupon);
    },
    onRefused: (error, input) => {
      if (error.code === 'phone_unverified' && input) {
        // The session said verified, the server says not (or it changed): verify, then go on.
        setVerifying(input);
        return true;
      }
      if (error.code === 'not_enough_credit') void queryClient.invalidateQueries({ queryKey: ['credits'] });
      if (!REFUSALS_SHOWN_HERE.has(error.code)) return false;
      setRefusal(error.message);
      if (error.code === 'ticket_mismatch') {
        // The profile changed elsewhere: drop the ticket and offer what it allows now.
        setTicket(null);
        void queryClient.invalidateQueries({ queryKey: ['session'] });
      }
      return true;
    },
  });
  /** Only the tickets the guest's profile may buy (the API refuses the rest: ticket_mismatch). */
  const allowed = ticketsFor(profile?.sex);
  const tickets = event.tickets.filter((t) => allowed.includes(t.type));
  const someHidden = tickets.length < event.tickets.length;
  const phoneVerified = Boolean(user?.phone);
  const ticket = chosen && allowed.includes(chosen) ? chosen : null;
  // Fetched ahead, so 'Book Now' shows the phone check at once.
  useEffect(() => {
    if (!phoneVerified) void loadVerifyPhone().catch(() => undefined);
  }, [phoneVerified]);
  const ids = {
    coupon: useId(),
    couponError: useId(),
    ticketsNote: useId(),
    refusal: useId(),
  };
  const soldOut = tickets.every((t) => !t.available);
  /** Credit (issue 20): paid first, unless the guest unticks it. */
  const balance = useCreditBalance(true);
  const [useCredit, setUseCredit] = useState(true);
  const creditOn = useCredit && balance > 0;
  /** The guest's place on this dinner's waitlist, if any; a sold-out dinner offers to join it. */
  const waitlist = useWaitlistEntry(event.id);
  const waiting = waitlist.data?.entry ?? null;
  const chosenTicket = ticket ? tickets.find((t) => t.type === ticket) : undefined;
  const chosenPrice = chosenTicket ? (couponPrice(appliedCoupon, chosenTicket.type) ?? chosenTicket.price) : null;
  const split = chosenPrice === null ? null : splitPayment(chosenPrice, creditOn ? balance : 0);

  // Back from the phone check (or the waitlist): focus the ticket the guest chose (else 'Book Now'), not <body>.
  useEffect(() => {
    if (verifying || waitlistOpen || !returnFocus.current) return;
    returnFocus.current = false;
    const chosenRadio = ticketsRef.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked:enabled');
    (chosenRadio ?? bookNowRef.current)?.focus();
  }, [verifying, waitlistOpen]);

  const applyCoupon = async () => {
    setCouponError(null);
    setAppliedCoupon(null);
    if (!coupon.trim()) {
      setCouponError(COPY.booking.invalidCoupon);
      return;
    }
    try {
      const result = await validate.mutateAsync({ code: coupon.trim(), event_id: event.id });
      setAppliedCoupon(result);
      toast({ title: COPY.booking.couponAppliedTitle, description: couponSaving(result) });
    } catch (error) {
      const message =
        error instanceof ApiRequestError && error.code === 'invalid_coupon'
          ? COPY.booking.invalidCoupon
          : error instanceof Error
            ? error.message
            : COPY.booking.invalidCoupon;
      setCouponError(message);
      toast({
        variant: 'destructive',
        title: COPY.booking.invalidCouponTitle,
        description: COPY.booking.invalidCouponText,
      });
    }
  };

  const bookNow = async () => {
    setRefusal(null);
    if (!ticket) {
      toast({ variant: 'destructive', title: COPY.booking.selectTicket });
      return;
    }
    if (!profile?.full_name?.trim()) {
      toast({ title: COPY.booking.profileIncompleteTitle, description: COPY.booking.profileIncomplete });
      await navigate({ to: '/profile-details' });
      return;
    }
    // A coupon that does not discount this ticket is an invalid coupon for it (issue 11): say so and
    // drop it, so the guest sees the full price before a second 'Book Now' charges it.
    if (appliedCoupon && couponPrice(appliedCoupon, ticket) === null) {
      setAppliedCoupon(null);
      setCouponError(COPY.booking.invalidCoupon);
      toast({
        variant: 'destructive',
        title: COPY.booking.invalidCouponTitle,
        description: COPY.booking.invalidCouponText,
      });
      return;
    }
    // A couple or female duo names the second guest (the same rules as the API's, worker/domain/order.ts).
    let partyFields = {};
    if (isPartyTicket(ticket)) {
      const name = v.safeParse(PartyNameSchema, party.name);
      const phone = v.safeParse(PartyPhoneSchema, party.phone);
      const errors = {
        name: name.success ? undefined : name.issues[0].message,
        phone: phone.success ? undefined : phone.issues[0].message,
      };
      setPartyErrors(errors);
      if (!name.success || !phone.success) {
        (errors.name ? partyNameRef : partyPhoneRef).current?.focus();
        return;
      }
      partyFields = { party_name: name.output, ...(phone.output ? { party_phone: phone.output } : {}) };
    }
    const order: CreateOrderInput = {
      event_id: event.id,
      ticket_type: ticket,
      ...(appliedCoupon ? { coupon: appliedCoupon.code } : {}),
      ...partyFields,
      ...(creditOn ? { use_credit: true } : {}),
    };
    // No verified phone yet (an email + password or Google account): verify it first, then pay.
    if (!phoneVerified) {
      setVerifying(order);
      return;
    }
    await start(order);
  };

  if (verifying) {
    return (
      <Suspense fallback={<div className="skeleton h-64 w-full" aria-hidden="true" />}>
        <VerifyPhone
          ticketLabel={TICKET_LABELS[verifying.ticket_type]}
          initialPhone={profile?.phone_number ?? ''}
          redirect={`/event/${eventId}`}
          onVerified={() => {
            setVerifying(null);
            void start(verifying);
          }}
          onCancel={() => {
            returnFocus.current = true;
            setVerifying(null);
          }}
        />
      </Suspense>
    );
  }

  const soldOutTickets = tickets
    .filter((t) => !t.available)
    .map(({ type, label, price, seats }) => ({ type, label, price, seats }));
  // Full for this guest's tickets, or already in line: the waitlist instead of a dead end (issue 20).
  if (waiting || (soldOut && tickets.length > 0)) return <WaitlistPanel eventId={event.id} tickets={soldOutTickets} />;
  // Some of them full (a couple's two seats, one left): the guest may wait for one of those.
  if (waitlistOpen)
    return (
      <WaitlistPanel
        eventId={event.id}
        tickets={soldOutTickets}
        onBack={() => {
          returnFocus.current = true;
          setWaitlistOpen(false);
        }}
      />
    );

  return (
    <div className="flex flex-col gap-5 border-t border-base-300 pt-5">
      <fieldset
        ref={ticketsRef}
        className="flex flex-col gap-2"
        aria-describedby={someHidden ? ids.ticketsNote : undefined}
      >
        <legend className="mb-2 flex w-full items-baseline justify-between gap-2">
          <span className="font-display text-lg font-semibold">Choose your ticket</span>
          {soldOut ? (
            <span className="badge badge-error font-medium">Sold out</span>
          ) : (
            <span className="text-sm text-base-content/80">
              {event.seats_left === 1 ? '1 seat left' : `${event.seats_left} seats left`}
            </span>
          )}
        </legend>
        {someHidden && (
          <p id={ids.ticketsNote} className="-mt-1 mb-1 text-sm text-base-content/80">
            Tickets that match the sex on your profile ({SEX_LABELS[profile?.sex ?? 'prefer_not_to_say']}).{' '}
            <Link
              to="/profile-details"
              search={profile?.full_name?.trim() ? { edit: true } : {}}
              className="link link-primary whitespace-nowrap"
            >
              Edit profile
            </Link>
          </p>
        )}
        {tickets.map((t) => {
          const discounted = couponPrice(appliedCoupon, t.type);
          return (
            <label
              key={t.type}
              className={`flex items-center gap-3 rounded-field border p-3 ${!t.available ? 'cursor-not-allowed border-base-300 opacity-70' : ticket === t.type ? 'cursor-pointer border-primary bg-primary/5' : 'cursor-pointer border-base-300 hover:border-primary/60'}`}
            >
              <input
                type="radio"
                name={`ticket-${event.id}`}
                value={t.type}
                className="radio radio-primary radio-sm"
                checked={ticket === t.type}
                disabled={!t.available || busy}
                onChange={() => setTicket(t.type)}
              />
              <span className="flex flex-1 flex-col">
                <span className="font-medium">{t.label}</span>
                <span className="text-xs text-base-content/80">
                  {t.seats === 2 ? 'For 2 guests · 2 seats' : '1 seat'}
                </span>
              </span>
              {!t.available ? (
                <span className="text-right font-semibold">Sold out</span>
              ) : discounted === null ? (
                <span className="text-right font-semibold">{rupees(t.price)}</span>
              ) : (
                <span className="flex flex-col items-end leading-tight" data-testid="coupon-price">
                  <s className="text-xs text-base-content/80">
                    <span className="sr-only">was </span>
                    {rupees(t.price)}
                  </s>
                  <span className="font-semibold text-secondary">
                    <span className="sr-only">now </span>
                    {rupees(discounted)}
                  </span>
                </span>
              )}
            </label>
          );
        })}
      </fieldset>
      {soldOutTickets.length > 0 && (
        <p className="-mt-3 text-sm text-base-content/80">
          {soldOutTickets.map((t) => t.label).join(', ')} sold out?{' '}
          <button
            type="button"
            className="link link-primary"
            disabled={busy}
            onClick={() => {
              setRefusal(null);
              setWaitlistOpen(true);
            }}
          >
            {WAITLIST_COPY.join}
          </button>
        </p>
      )}

      {ticket && isPartyTicket(ticket) && (
        <PartyFields
          party={party}
          setParty={setParty}
          errors={partyErrors}
          setErrors={setPartyErrors}
          nameRef={partyNameRef}
          phoneRef={partyPhoneRef}
          busy={busy}
        />
      )}

      <div className="flex flex-col gap-1">
        <label htmlFor={ids.coupon} className="text-sm font-medium">
          Coupon code
        </label>
        {/* The field and its button as one control (daisyUI's `join`, in utilities for the guest's stylesheet). */}
        <div className="flex w-full">
          <input
            id={ids.coupon}
            className={`input w-full rounded-e-none focus:z-10 ${couponError ? 'input-error' : ''}`}
            value={coupon}
            autoComplete="off"
            maxLength={40}
            aria-invalid={couponError ? true : undefined}
            aria-describedby={couponError ? ids.couponError : undefined}
            onChange={(e) => {
              setCoupon(e.target.value);
              setCouponError(null);
              setAppliedCoupon(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void applyCoupon();
              }
            }}
          />
          <button
            type="button"
            className="btn btn-outline rounded-s-none enabled:-ms-px focus-visible:z-10"
            onClick={applyCoupon}
            disabled={validate.isPending || busy}
          >
            {validate.isPending ? 'Checking...' : 'Apply'}
          </button>
        </div>
        {couponError && (
          <p id={ids.couponError} role="alert" className="text-sm text-error">
            {couponError}
          </p>
        )}
        {appliedCoupon && (
          <p className="text-sm text-secondary" role="status">
            Coupon {appliedCoupon.code} applied: {couponSaving(appliedCoupon)}
            {couponScope(appliedCoupon)}.
          </p>
        )}
      </div>

      {balance > 0 && (
        <div className="flex flex-col gap-2 rounded-field border border-secondary/40 bg-secondary/5 p-3">
          <label className="flex cursor-pointer items-center gap-3">
            <input
              type="checkbox"
              className="checkbox checkbox-secondary checkbox-sm"
              checked={useCredit}
              disabled={busy}
              onChange={(e) => setUseCredit(e.target.checked)}
            />
            <span className="font-medium">Use my credit ({rupees(balance)})</span>
          </label>
          {split && (
            <dl
              className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 text-sm"
              aria-live="polite"
              data-testid="price-split"
            >
              <dt>Ticket</dt>
              <dd className="text-right">{rupees(chosenPrice ?? 0)}</dd>
              {split.credit > 0 && (
                <>
                  <dt>Credit</dt>
                  <dd className="text-right">−{rupees(split.credit)}</dd>
                </>
              )}
              <dt className="font-semibold">To pay</dt>
              <dd className="text-right font-semibold">{rupees(split.razorpay)}</dd>
            </dl>
          )}
        </div>
      )}

      {refusal && (
        <p id={ids.refusal} role="alert" className="rounded-field border border-error/40 bg-error/5 p-3 text-sm">
          {refusal}
        </p>
      )}
      <button
        ref={bookNowRef}
        type="button"
        className="btn btn-primary btn-lg w-full"
        onClick={bookNow}
        disabled={busy || soldOut}
        aria-busy={busy || undefined}
        aria-describedby={refusal ? ids.refusal : undefined}
      >
        {busy ? 'Processing...' : 'Book Now'}
      </button>
      <p className="text-xs text-base-content/80">
        {phoneVerified ? '' : "Before you pay, we'll verify your phone number with a 6-digit code. "}
        {split && split.razorpay === 0
          ? 'Your credit covers this ticket, so it is booked at once.'
          : 'Your seat is held for 15 minutes while you pay. Payments are processed securely by Razorpay.'}
      </p>
    </div>
  );
}
