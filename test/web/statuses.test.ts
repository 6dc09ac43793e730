import { describe, expect, it } from 'vitest';
import {
  assertBookingTransition,
  assertOrderTransition,
  BOOKING_STATUSES,
  canMoveOrder,
  ORDER_STATUSES,
  orderStatusesBefore,
  StatusTransitionError,
} from '../../worker/domain/statuses';

describe('order and booking statuses move forward only', () => {
  it('refuses to move a paid or confirmed order back to failed or created', () => {
    expect(() => assertOrderTransition('paid', 'failed')).toThrow(StatusTransitionError);
    expect(() => assertOrderTransition('confirmed', 'failed')).toThrow('status cannot move from confirmed to failed');
    expect(() => assertOrderTransition('paid', 'created')).toThrow(StatusTransitionError);
    expect(() => assertOrderTransition('refunded', 'paid')).toThrow(StatusTransitionError);
  });

  it('lets a late payment revive a failed or expired order, and a paid order be confirmed', () => {
    expect(() => assertOrderTransition('failed', 'paid')).not.toThrow();
    expect(() => assertOrderTransition('expired', 'paid')).not.toThrow();
    expect(() => assertOrderTransition('paid', 'confirmed')).not.toThrow();
    expect(() => assertOrderTransition('needs_attention', 'confirmed')).not.toThrow();
  });

  it('fails only an order that has not been paid: payment.failed can never undo a capture', () => {
    expect(orderStatusesBefore('failed')).toEqual(['created']);
    expect(orderStatusesBefore('paid')).toEqual(['created', 'failed', 'expired']);
  });

  it('has no way out of refunded orders, and out of confirmed ones only when refunded at Razorpay', () => {
    for (const to of ORDER_STATUSES) {
      // A booked payment refunded in full from Razorpay's dashboard (decision 024): nothing else.
      expect(canMoveOrder('confirmed', to)).toBe(to === 'refunded');
      expect(canMoveOrder('refunded', to)).toBe(false);
    }
  });

  it('refuses booking moves the night does not allow', () => {
    expect(() => assertBookingTransition('confirmed', 'checked_in')).not.toThrow();
    expect(() => assertBookingTransition('refund_pending', 'refunded')).not.toThrow();
    expect(() => assertBookingTransition('checked_in', 'no_show')).toThrow(StatusTransitionError);
    expect(() => assertBookingTransition('refunded', 'confirmed')).toThrow(StatusTransitionError);
    expect(() => assertBookingTransition('moved', 'refund_pending')).toThrow(StatusTransitionError);
    expect(() => assertBookingTransition('no_show', 'checked_in')).toThrow(StatusTransitionError);
    expect(BOOKING_STATUSES).toContain('no_show');
  });
});
