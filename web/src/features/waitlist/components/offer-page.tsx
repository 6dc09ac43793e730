import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import * as v from 'valibot';
import { useCheckout } from '@/features/checkout/hooks/use-checkout';
import { formatEventDate } from '@/features/events/lib/format-event-date';
import { ApiRequestError } from '@/lib/api';
import { acceptOffer } from '../api/accept-offer';
import { type OfferView, useOffer } from '../api/get-offer';
import { COPY } from '@domain/copy';
import { splitPayment } from '@domain/credit';
import { isPartyTicket, PartyNameSchema, PartyPhoneSchema } from '@domain/order';
import { rupees } from '@domain/pricing';
import { dinnerHours, formatIstDateTime } from '@domain/time';
import { WAITLIST_COPY } from '@domain/waitlist';
import { PartyFields } from '@/features/checkout/components/party-fields';

/** Refusals of 'Take the seat' shown in place, in the server's words, rather than in a toast. */
const REFUSALS_SHOWN_HERE = new Set(['offer_gone', 'not_enough_credit', 'invalid_input', 'offer_not_found']);

/**
 * /offers/$token (issue 20, docs/decisions/027): a waitlist offer. The dinner, the ticket and its
 * price, until when the seats are held; credit first if the guest has any; a couple's or duo's
 * second guest; then 'Take the seat', which accepts the offer and pays as Book Now does (the same
 * checkout hook), or books at once when credit covers it.
 */
export function OfferPage({ token }: { token: string }) {
  const offer = useOffer(token);
  if (offer.isPending)
    return (
      <div aria-busy="true" className="flex flex-col gap-4">
        <div className="skeleton h-10 w-2/3" />
        <div className="skeleton h-48 w-full" />
        <p className="sr-only" role="status">
          Loading your offer…
        </p>
      </div>
    );
  if (offer.isError) {
    const gone = offer.error instanceof ApiRequestError && offer.error.status === 404;
    return gone ? <OfferEnded /> : <OfferLoadError onRetry={() => void offer.refetch()} />;
  }
  const { data } = offer;
  if (data.offer.status === 'ended') return <OfferEnded view={data} />;
  if (data.offer.status === 'booked') return <OfferBooked view={data} />;
  return <OpenOffer view={data} token={token} />;
}

function OfferHeading({ view }: { view: OfferView }) {
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm font-semibold tracking-wide text-secondary uppercase">From the waitlist</p>
      <h1 className="font-display text-3xl font-bold">{view.event.title}</h1>
      <p className="text-base-content/80">
        {formatEventDate(view.event.date)} · {dinnerHours(view.event.starts_at, view.event.ends_at)} ·{' '}
        {view.event.location}
      </p>
    </div>
  );
}

function OpenOffer({ view, token }: { view: OfferView; token: string }) {
  const queryClient = useQueryClient();
  const { offer, credit } = view;
  const [useCredit, setUseCredit] = useState(true);
  const [party, setParty] = useState({ name: '', phone: '' });
  const [partyErrors, setPartyErrors] = useState<{ name?: string; phone?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const partyNameRef = useRef<HTMLInputElement>(null);
  const partyPhoneRef = useRef<HTMLInputElement>(null);
  const ids = {
    refusal: useId(),
    held: useId(),
  };
  const hasCredit = credit.balance > 0;
  const creditOn = hasCredit && useCredit;
  const split = splitPayment(offer.amount, creditOn ? credit.balance : 0);
  const party2 = isPartyTicket(offer.ticket_type);

  const { start, busy } = useCheckout(view.event.title, {
    onRefused: (error) => {
      if (!REFUSALS_SHOWN_HERE.has(error.code)) return false;
      if (error.code === 'invalid_input' && error.fields.party_name) {
        setPartyErrors({ name: error.fields.party_name });
        partyNameRef.current?.focus();
        return true;
      }
      setRefusal(error.message);
      if (error.code === 'not_enough_credit') void queryClient.invalidateQueries({ queryKey: ['credits'] });
      // Ended meanwhile: the page turns to say so.
      if (error.code === 'offer_gone') void queryClient.invalidateQueries({ queryKey: ['offers', token] });
      return true;
    },
  });

  const take = async () => {
    setRefusal(null);
    let partyFields: { party_name?: string; party_phone?: string } = {};
    if (party2) {
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
    await start(() => acceptOffer(token, { use_credit: creditOn, ...partyFields }));
  };

  return (
    <div className="flex flex-col gap-8">
      <OfferHeading view={view} />
      <section
        aria-label="Your offer"
        className="flex flex-col gap-5 rounded-box border border-base-300 bg-base-100 p-6 shadow-sm"
      >
        <div className="flex flex-col gap-1">
          <p className="font-display text-xl font-semibold">A seat is yours to take</p>
          <p id={ids.held} className="font-medium text-secondary" data-testid="offer-held-until">
            {WAITLIST_COPY.offerExpiresAt(formatIstDateTime(offer.expires_at))}
          </p>
        </div>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1" aria-live="polite" data-testid="offer-price">
          <dt>
            {offer.ticket_label} · {offer.seats} {offer.seats === 1 ? 'seat' : 'seats'}
          </dt>
          <dd className="text-right font-semibold">{rupees(offer.amount)}</dd>
          {split.credit > 0 && (
            <>
              <dt>Credit</dt>
              <dd className="text-right">−{rupees(split.credit)}</dd>
            </>
          )}
          {hasCredit && (
            <>
              <dt className="font-semibold">To pay</dt>
              <dd className="text-right font-semibold">{rupees(split.razorpay)}</dd>
            </>
          )}
        </dl>

        {hasCredit && (
          <label className="flex cursor-pointer items-center gap-3 rounded-field border border-secondary/40 bg-secondary/5 p-3">
            <input
              type="checkbox"
              className="checkbox checkbox-secondary checkbox-sm"
              checked={useCredit}
              disabled={busy}
              onChange={(e) => setUseCredit(e.target.checked)}
            />
            <span className="font-medium">Use my credit ({rupees(credit.balance)})</span>
          </label>
        )}

        {party2 && (
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

        {refusal && (
          <p id={ids.refusal} role="alert" className="rounded-field border border-error/40 bg-error/5 p-3 text-sm">
            {refusal}
          </p>
        )}
        <button
          type="button"
          className="btn btn-primary btn-lg w-full"
          onClick={take}
          disabled={busy}
          aria-busy={busy || undefined}
          aria-describedby={refusal ? `${ids.refusal} ${ids.held}` : ids.held}
        >
          {busy ? 'Processing...' : 'Take the seat'}
        </button>
        <p className="text-xs text-base-content/80">
          {split.razorpay === 0
            ? 'Your credit covers this ticket, so it is booked at once.'
            : 'Payments are processed securely by Razorpay. You get at least 15 minutes to pay.'}
        </p>
      </section>
      <p className="text-sm text-base-content/80">
        Can't come after all?{' '}
        <Link to="/event/$eventId" params={{ eventId: view.event.id }} className="link link-primary">
          Leave the waitlist on the dinner's page
        </Link>{' '}
        and the seat goes to the next guest in line.
      </p>
    </div>
  );
}

function OfferEnded({ view }: { view?: OfferView }) {
  return (
    <div className="flex flex-col gap-6">
      {view && <OfferHeading view={view} />}
      <div className="flex flex-col items-start gap-4 rounded-box border border-base-300 bg-base-100 p-6" role="status">
        <p className="font-display text-xl font-semibold">{WAITLIST_COPY.offerGone}</p>
        <Link to="/events" className="btn btn-primary">
          See upcoming dinners
        </Link>
      </div>
    </div>
  );
}

function OfferBooked({ view }: { view: OfferView }) {
  return (
    <div className="flex flex-col gap-6">
      <OfferHeading view={view} />
      <div
        className="flex flex-col items-start gap-4 rounded-box border border-secondary/40 bg-secondary/5 p-6"
        role="status"
      >
        <p className="font-display text-xl font-semibold">You took this seat. You're going!</p>
        <Link to="/profile" className="btn btn-primary">
          See my bookings
        </Link>
      </div>
    </div>
  );
}

function OfferLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-4">
      <h1 className="font-display text-3xl font-bold">We couldn't load your offer</h1>
      <p className="text-base-content/80">{COPY.common.tryLater}</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
