import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@/components/toast';
import { ApiRequestError } from '@/lib/api';
import { getHeldOrder, type HeldOrder, heldOrderKey, useLetHoldGo } from '../api/held-order';
import { useCheckout } from '../hooks/use-checkout';
import { HOLD_COPY } from '@domain/copy-hold';
import { rupees } from '@domain/pricing';

/**
 * A checkout closed half-way (issue 24): the guest's own live hold on this dinner, which the
 * booking box offers to finish (the same Razorpay order opens again, never a second hold) or to
 * let go at once, instead of 'Sold out' on the seat the guest is holding. It leaves when the hold
 * ends.
 */
export function HeldOrderPanel({ hold, eventTitle }: { hold: HeldOrder; eventTitle: string }) {
  const queryClient = useQueryClient();
  const eventId = hold.event.id;
  const { start, busy } = useCheckout(eventTitle);
  const letGo = useLetHoldGo(eventId);
  const { order } = hold;

  // The hold's end: the panel goes, and the dinner's seats are read again.
  useEffect(() => {
    const left = Date.parse(order.hold_expires_at) - Date.now();
    const timer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: heldOrderKey(eventId) });
      void queryClient.invalidateQueries({ queryKey: ['events'] });
    }, Math.max(0, left) + 500);
    return () => clearTimeout(timer);
  }, [order.hold_expires_at, eventId, queryClient]);

  const finish = () =>
    start(async () => {
      // Asked again: the hold may have ended since the page read it.
      const fresh = await getHeldOrder(eventId);
      if (!fresh) {
        void queryClient.invalidateQueries({ queryKey: heldOrderKey(eventId) });
        throw new ApiRequestError(410, 'hold_ended', 'Your hold has ended. Choose your ticket again.');
      }
      return fresh;
    });

  const release = async () => {
    try {
      await letGo.mutateAsync(order.id);
      toast({ title: HOLD_COPY.letGoDone });
    } catch (error) {
      toast({ variant: 'destructive', title: error instanceof Error ? error.message : HOLD_COPY.holdPaying });
    }
  };

  if (hold.paying)
    return (
      <p
        className="rounded-field border border-base-300 bg-base-200 p-4 text-sm"
        role="status"
        data-testid="held-order"
      >
        {HOLD_COPY.paying}
      </p>
    );
  return (
    <div
      className="flex flex-col gap-3 rounded-field border border-warning bg-warning/10 p-4"
      data-testid="held-order"
      role="group"
      aria-labelledby="held-order-title"
    >
      <p id="held-order-title" className="font-semibold">
        {HOLD_COPY.finishPaying(order.hold_expires_at, order.seats)}
      </p>
      <p className="text-sm text-base-content/90">
        {order.ticket_label}
        {hold.party_name ? ` with ${hold.party_name}` : ''} · {rupees(order.amount)} to pay
        {order.credit_amount > 0 ? ` (after ${rupees(order.credit_amount)} of credit)` : ''}
      </p>
      <button
        type="button"
        className="btn btn-primary w-full"
        data-booking-primary=""
        onClick={finish}
        disabled={busy || letGo.isPending}
        aria-busy={busy || undefined}
      >
        {busy ? 'Processing...' : HOLD_COPY.finishButton}
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-sm self-center"
        onClick={release}
        disabled={busy || letGo.isPending}
      >
        {order.seats === 1 ? HOLD_COPY.letGo : HOLD_COPY.letGoMany}
      </button>
    </div>
  );
}
