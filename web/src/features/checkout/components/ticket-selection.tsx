import { useNavigate } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import * as v from 'valibot';
import { toast } from '@/components/toast';
import { useSession } from '@/lib/session';
import { useEventQuery } from '@/features/events/api/get-event';
import { ApiRequestError } from '@/lib/api';
import { useValidateCoupon, type validateCoupon } from '../api/validate-coupon';
import { useCheckout } from '../hooks/use-checkout';
import { COPY } from '@domain/copy';
import { isPartyTicket, PARTY_NAME_MAX, PartyNameSchema, PartyPhoneSchema } from '@domain/order';
import { couponSaving, rupees, TICKET_LABELS, type TicketType } from '@domain/pricing';

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
  const { profile } = useSession();
  const navigate = useNavigate();
  const { data } = useEventQuery(eventId);
  const event = data.event;
  const [ticket, setTicket] = useState<TicketType | null>(null);
  const [coupon, setCoupon] = useState('');
  const [couponError, setCouponError] = useState<string | null>(null);
  const [appliedCoupon, setAppliedCoupon] = useState<AppliedCoupon | null>(null);
  const [party, setParty] = useState({ name: '', phone: '' });
  const [partyErrors, setPartyErrors] = useState<{ name?: string; phone?: string }>({});
  const partyNameRef = useRef<HTMLInputElement>(null);
  const partyPhoneRef = useRef<HTMLInputElement>(null);
  const validate = useValidateCoupon();
  // A coupon the order refuses after all (used up, switched off meanwhile): show why, drop it.
  const { start, busy } = useCheckout(event.title, {
    onInvalidCoupon: () => {
      setAppliedCoupon(null);
      setCouponError(COPY.booking.invalidCoupon);
    },
  });
  const ids = {
    coupon: useId(),
    couponError: useId(),
    partyName: useId(),
    partyNameError: useId(),
    partyPhone: useId(),
    partyPhoneHint: useId(),
    partyPhoneError: useId(),
  };
  const soldOut = event.tickets.every((t) => !t.available);

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
    await start({
      event_id: event.id,
      ticket_type: ticket,
      ...(appliedCoupon ? { coupon: appliedCoupon.code } : {}),
      ...partyFields,
    });
  };

  return (
    <div className="flex flex-col gap-5 border-t border-base-300 pt-5">
      <fieldset className="flex flex-col gap-2">
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
        {event.tickets.map((t) => {
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

      {ticket && isPartyTicket(ticket) && (
        <fieldset className="flex flex-col gap-3 rounded-field border border-base-300 bg-base-200/60 p-4">
          <legend className="sr-only">Who's coming with you?</legend>
          <div aria-hidden="true">
            <p className="font-semibold">Who's coming with you?</p>
            <p className="text-sm text-base-content/80">Your host greets them by name, and we seat you together.</p>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.partyName} className="text-sm font-medium">
              Their first name
            </label>
            <input
              ref={partyNameRef}
              id={ids.partyName}
              className={`input w-full ${partyErrors.name ? 'input-error' : ''}`}
              value={party.name}
              required
              autoComplete="off"
              autoCapitalize="words"
              maxLength={PARTY_NAME_MAX + 10}
              disabled={busy}
              aria-invalid={partyErrors.name ? true : undefined}
              aria-describedby={partyErrors.name ? ids.partyNameError : undefined}
              onChange={(e) => {
                setParty((p) => ({ ...p, name: e.target.value }));
                setPartyErrors((p) => ({ ...p, name: undefined }));
              }}
            />
            {partyErrors.name && (
              <p id={ids.partyNameError} className="text-sm text-error">
                {partyErrors.name}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.partyPhone} className="text-sm font-medium">
              Their phone <span className="font-normal text-base-content/80">(optional)</span>
            </label>
            <input
              ref={partyPhoneRef}
              id={ids.partyPhone}
              type="tel"
              inputMode="tel"
              className={`input w-full ${partyErrors.phone ? 'input-error' : ''}`}
              value={party.phone}
              autoComplete="off"
              maxLength={20}
              disabled={busy}
              aria-invalid={partyErrors.phone ? true : undefined}
              aria-describedby={partyErrors.phone ? `${ids.partyPhoneError} ${ids.partyPhoneHint}` : ids.partyPhoneHint}
              onChange={(e) => {
                setParty((p) => ({ ...p, phone: e.target.value }));
                setPartyErrors((p) => ({ ...p, phone: undefined }));
              }}
            />
            <p id={ids.partyPhoneHint} className="text-xs text-base-content/80">
              10-digit mobile. Only your host and our team see it.
            </p>
            {partyErrors.phone && (
              <p id={ids.partyPhoneError} className="text-sm text-error">
                {partyErrors.phone}
              </p>
            )}
          </div>
        </fieldset>
      )}

      <div className="flex flex-col gap-1">
        <label htmlFor={ids.coupon} className="text-sm font-medium">
          Coupon code
        </label>
        <div className="join w-full">
          <input
            id={ids.coupon}
            className={`input join-item w-full ${couponError ? 'input-error' : ''}`}
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
            className="btn btn-outline join-item"
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

      <button
        type="button"
        className="btn btn-primary btn-lg w-full"
        onClick={bookNow}
        disabled={busy || soldOut}
        aria-busy={busy || undefined}
      >
        {busy ? 'Processing...' : 'Book Now'}
      </button>
      <p className="text-xs text-base-content/80">
        Your seat is held for 15 minutes while you pay. Payments are processed securely by Razorpay.
      </p>
    </div>
  );
}
