import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { dismissAll, toast } from '@/components/toast';
import { useToConsent } from '@/features/consent/hooks/use-to-consent';
import { ApiRequestError } from '@/lib/api';
import { type CreatedOrder, type CreateOrderInput, createOrder } from '../api/create-order';
import { type OrderView, orderQueryOptions } from '../api/get-order';
import { verifyPayment } from '../api/verify-payment';
import { loadCheckout } from '../lib/load-checkout';
import { COPY } from '@domain/copy';

/**
 * 'Book Now': create the order (server price + seat hold), load Razorpay's checkout script only
 * now, open it prefilled, then verify the signature and go to /confirmation?order=… (SPEC §4, §8).
 * `onRefused`: an order refusal the caller shows itself (answer true), e.g. in the booking box
 * beside the button, instead of the toast.
 *
 * `start` takes either the body of `POST /api/orders` or the request that creates the order
 * itself, e.g. a waitlist offer's `POST /api/offers/:token/accept` (issue 20), which answers the
 * same shape; `onRefused` then gets no input. Credit that pays it all answers `checkout: null`:
 * the order is already booked, so the guest goes straight to /confirmation.
 */
export function useCheckout(
  eventTitle: string,
  options: {
    onInvalidCoupon?: () => void;
    onRefused?: (error: ApiRequestError, input: CreateOrderInput | null) => boolean;
  } = {},
) {
  const { onInvalidCoupon, onRefused } = options;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const toConsent = useToConsent();

  const start = useCallback(
    async (request: CreateOrderInput | (() => Promise<CreatedOrder>)) => {
      setBusy(true);
      const input = typeof request === 'function' ? null : request;
      let order: CreatedOrder;
      try {
        order = await (typeof request === 'function' ? request() : createOrder(request));
      } catch (error) {
        setBusy(false);
        // Issue 22: the current consent notice first, then back to this dinner (or offer).
        if (toConsent(error)) return;
        if (error instanceof ApiRequestError && error.code === 'profile_incomplete') {
          toast({ title: COPY.booking.profileIncompleteTitle, description: error.message });
          await navigate({ to: '/profile-details' });
          return;
        }
        if (error instanceof ApiRequestError && error.status === 409) {
          await queryClient.invalidateQueries({ queryKey: ['events'] });
          // `hold_exists`: the guest's own hold on this dinner, which the booking box then offers to finish.
          void queryClient.invalidateQueries({ queryKey: ['orders', 'held'] });
        }
        if (error instanceof ApiRequestError && error.code === 'invalid_coupon') onInvalidCoupon?.();
        if (error instanceof ApiRequestError && onRefused?.(error, input)) return;
        toast({
          variant: 'destructive',
          title: error instanceof ApiRequestError ? error.message : COPY.booking.paymentUnavailable,
        });
        return;
      }

      const { checkout } = order;
      // Credit paid it all (issue 20): already booked, no payment window.
      if (!checkout) {
        void queryClient.invalidateQueries({ queryKey: ['bookings'] });
        void queryClient.invalidateQueries({ queryKey: ['credits'] });
        void queryClient.invalidateQueries({ queryKey: ['waitlist'] });
        void queryClient.invalidateQueries({ queryKey: ['offers'] });
        setBusy(false);
        await navigate({ to: '/confirmation', search: { order: order.order.id } });
        return;
      }
      let Razorpay: Awaited<ReturnType<typeof loadCheckout>>;
      try {
        Razorpay = await loadCheckout(checkout.checkout_url);
      } catch {
        setBusy(false);
        toast({ variant: 'destructive', title: COPY.booking.paymentUnavailable });
        return;
      }

      const rzp = new Razorpay({
        key: checkout.key_id,
        amount: checkout.amount_paise,
        currency: order.order.currency,
        name: 'Tablemates',
        description: `${eventTitle} · ${order.order.ticket_label}`,
        order_id: order.order.id,
        prefill: checkout.prefill,
        notes: {
          ticket_type: order.order.ticket_type,
          ticket_label: order.order.ticket_label,
          event_id: order.event.id,
          event_name: order.event.title,
        },
        theme: { color: '#9a3412' },
        handler: async (response) => {
          try {
            await verifyPayment(response);
            // Not awaited: the guest's bookings (and credit, waitlist, offer) refresh in the
            // background, not before the page turns.
            for (const key of ['bookings', 'credits', 'waitlist', 'offers'])
              void queryClient.invalidateQueries({ queryKey: [key] });
            // /confirmation shows at once what is already known (the dinner, the amount paid) while
            // the queue books the seat; its first poll replaces this with the server's own answer.
            const known: OrderView = {
              order: { ...order.order, status: 'created' },
              event: { ...order.event, venue: null },
              booking: null,
            };
            queryClient.setQueryData(orderQueryOptions(order.order.id).queryKey, known);
            await navigate({ to: '/confirmation', search: { order: order.order.id } });
          } catch {
            toast({ variant: 'destructive', title: COPY.booking.verifyFailed });
          } finally {
            setBusy(false);
          }
        },
        modal: {
          // Closed half-way: the seat stays held; the booking box offers to finish paying or let it go.
          ondismiss: () => {
            setBusy(false);
            void queryClient.invalidateQueries({ queryKey: ['orders', 'held'] });
            void queryClient.invalidateQueries({ queryKey: ['events'] });
          },
        },
      });
      rzp.on('payment.failed', (failure) => {
        setBusy(false);
        toast({
          variant: 'destructive',
          title: COPY.booking.paymentFailed,
          description: failure.error.description ?? failure.error.reason,
        });
        void queryClient.invalidateQueries({ queryKey: ['events'] });
      });
      // Nothing of the page's may sit over the payment window ('Invalid Coupon' did, issue 24).
      dismissAll();
      rzp.open();
    },
    [eventTitle, navigate, queryClient, onInvalidCoupon, onRefused, toConsent],
  );

  return { start, busy };
}
