/**
 * My Booking's sections for a dinner we cancelled (the guest's full refund or move, each confirmed
 * first) and for running late on the night, against a stand-in for `/api/bookings/:id/…`.
 */
import { CHOICE_COPY } from '@domain/booking-choice';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CancellationChoiceSection } from '@/features/my-bookings/components/cancellation-choice-section';
import { RunningLateSection } from '@/features/my-bookings/components/running-late-section';

const U = CHOICE_COPY.ui;

/**
 * The clock every test here reads: 6:30 pm IST on a dinner day. Fixed, not the wall clock: which
 * IST day "now" falls on decides whether 'Running late' is offered, so a dinner at "now + a minute"
 * was on the next day for a run in the minute before midnight IST, and the test failed at 23:59.
 * Only `Date` is faked; React Query's and Testing Library's timers run as usual.
 */
const NOW = new Date('2026-11-20T18:30:00+05:30');
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Booking = Record<string, unknown>;
const booking = (over: Booking = {}): Booking => ({
  id: 'bkg_1',
  status: 'confirmed',
  event_id: 'e-cancelled',
  event_name: 'Rooftop Supper',
  event_location: 'Gurugram',
  starts_at: at(5 * 86_400_000),
  seats: 1,
  amount: 499,
  cancelled_at: NOW.toISOString(),
  cancel_reason: 'Our chef is unwell.',
  cancellation_choice: null,
  cancellation_choice_at: null,
  refund_requested_at: null,
  refunded_at: null,
  rescheduled_from: null,
  rescheduled_at: null,
  running_late_minutes: null,
  running_late_at: null,
  ...over,
});
const target = {
  id: 'e-next',
  city: 'gurugram',
  title: 'Garden Table',
  location: 'Gurugram',
  date: '2030-01-12',
  starts_at: '2030-01-12T13:30:00.000Z',
  seats_left: 3,
};

/** A stand-in API: GET answers `state`; each POST is recorded and answered by `reply`. */
function serve(
  state: { booking: Booking; move_targets: unknown[] },
  reply: (path: string, body: { minutes?: number }) => Response,
) {
  const posts: Array<{ path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://x',
      );
      if ((init?.method ?? 'GET') === 'GET') return json(state);
      const body = JSON.parse(String(init?.body ?? '{}'));
      posts.push({ path: url.pathname, body });
      return reply(url.pathname, body);
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CancellationChoiceSection bookingId="bkg_1" />
      <RunningLateSection bookingId="bkg_1" />
    </QueryClientProvider>,
  );
  return posts;
}

describe('CancellationChoiceSection', () => {
  it('shows the reason and the automatic refund, then a full refund after a confirmation', async () => {
    const state = { booking: booking(), move_targets: [target] };
    const posts = serve(state, () => {
      state.booking = booking({ status: 'refund_pending', cancellation_choice: 'refund' });
      return json({ booking: state.booking });
    });
    const card = await screen.findByRole('region', { name: U.cancelledHeading });
    expect(card.textContent).toContain('Why: Our chef is unwell.');
    expect(card.textContent).toContain(U.autoRefund);

    fireEvent.click(within(card).getByRole('button', { name: U.refund }));
    const confirm = within(card).getByRole('group', { name: U.refundConfirm('₹499') });
    expect(posts).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: U.refundYes }));
    expect(await screen.findByRole('region', { name: U.refundPending })).toBeTruthy();
    expect(posts).toEqual([{ path: '/api/bookings/bkg_1/cancellation-choice', body: { choice: 'refund' } }]);
  });

  it('moves to a chosen dinner after a confirmation; Back keeps the booking as it was', async () => {
    const state = { booking: booking(), move_targets: [target] };
    const posts = serve(state, () => {
      state.booking = booking({
        cancellation_choice: 'move',
        event_id: 'e-next',
        event_name: 'Garden Table',
        cancelled_at: null,
        starts_at: target.starts_at,
      });
      return json({ booking: state.booking });
    });
    const card = await screen.findByRole('region', { name: U.cancelledHeading });
    fireEvent.click(within(card).getByRole('button', { name: U.move }));
    const list = within(card).getByRole('group', { name: U.chooseDinner });
    const option = within(list).getByRole('radio', { name: /Garden Table/ });
    expect(within(card).getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
    fireEvent.click(option);
    fireEvent.click(within(card).getByRole('button', { name: 'Continue' }));
    const confirm = within(card).getByRole('group', { name: /Move your booking to Garden Table/ });
    fireEvent.click(within(confirm).getByRole('button', { name: U.back }));
    expect(posts).toEqual([]);
    fireEvent.click(within(card).getByRole('button', { name: 'Continue' }));
    fireEvent.click(within(card).getByRole('button', { name: U.moveYes }));
    const moved = await screen.findByRole('region', { name: U.moved });
    expect(moved.textContent).toContain('Garden Table');
    expect(posts).toEqual([
      { path: '/api/bookings/bkg_1/cancellation-choice', body: { choice: 'move', event_id: 'e-next' } },
    ]);
  });

  it('says why a move was refused and goes back to the list', async () => {
    const state = { booking: booking(), move_targets: [target] };
    serve(state, () => json({ error: { code: 'dinner_full', message: CHOICE_COPY.targetFull } }, 409));
    const card = await screen.findByRole('region', { name: U.cancelledHeading });
    fireEvent.click(within(card).getByRole('button', { name: U.move }));
    fireEvent.click(within(card).getByRole('radio', { name: /Garden Table/ }));
    fireEvent.click(within(card).getByRole('button', { name: 'Continue' }));
    fireEvent.click(within(card).getByRole('button', { name: U.moveYes }));
    expect((await within(card).findByRole('alert')).textContent).toBe(CHOICE_COPY.targetFull);
    expect(within(card).getByRole('group', { name: U.chooseDinner })).toBeTruthy();
  });

  it('shows nothing for a dinner going ahead, and "Refunded" once it is', async () => {
    serve({ booking: booking({ cancelled_at: null, cancel_reason: null }), move_targets: [] }, () => json({}));
    await screen.findByText(U.lateHeading, { exact: false }).catch(() => null);
    expect(screen.queryByRole('region', { name: U.cancelledHeading })).toBeNull();
    cleanup();
    vi.unstubAllGlobals();
    serve(
      {
        booking: booking({
          status: 'refunded',
          cancellation_choice: 'refund',
          refunded_at: '2026-11-22T10:00:00.000Z',
        }),
        move_targets: [],
      },
      () => json({}),
    );
    const done = await screen.findByRole('region', { name: U.refunded });
    expect(within(done).getByRole('status').textContent).toContain('₹499 was refunded');
  });
});

describe('RunningLateSection', () => {
  it('on the day: pick the minutes, confirm, and see that the host was told', async () => {
    const startsAt = '2026-11-20T20:00:00+05:30'; // 8 pm the same evening
    const state = { booking: booking({ cancelled_at: null, starts_at: startsAt }), move_targets: [] };
    const posts = serve(state, (_path, body) => {
      state.booking = {
        ...state.booking,
        running_late_minutes: body.minutes,
        running_late_at: NOW.toISOString(),
      };
      return json({ booking: state.booking });
    });
    const section = await screen.findByRole('region', { name: U.lateHeading });
    const button = within(section).getByRole('button', { name: U.lateButton });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.click(within(section).getByRole('radio', { name: U.lateMinutes(20) }));
    fireEvent.click(button);
    fireEvent.click(within(section).getByRole('button', { name: U.lateYes }));
    expect((await within(section).findByTestId('running-late-sent')).textContent).toContain('about 20 minutes late');
    expect(posts).toEqual([{ path: '/api/bookings/bkg_1/running-late', body: { minutes: 20 } }]);
  });

  it('is not offered on another day, nor for a dinner we cancelled', async () => {
    serve({ booking: booking({ cancelled_at: null }), move_targets: [] }, () => json({}));
    await screen.findByRole('region', { name: U.cancelledHeading }).catch(() => null);
    expect(screen.queryByRole('region', { name: U.lateHeading })).toBeNull();
    cleanup();
    vi.unstubAllGlobals();
    serve({ booking: booking({ starts_at: '2026-11-20T20:00:00+05:30' }), move_targets: [] }, () => json({}));
    await screen.findByRole('region', { name: U.cancelledHeading });
    expect(screen.queryByRole('region', { name: U.lateHeading })).toBeNull();
  });

  it('turns with the IST day, not the hours left: at 23:59:30 IST, not for a dinner just after midnight', async () => {
    vi.setSystemTime(new Date('2026-11-20T23:59:30+05:30'));
    serve({ booking: booking({ cancelled_at: null, starts_at: '2026-11-21T00:00:30+05:30' }), move_targets: [] }, () =>
      json({}),
    );
    await screen.findByRole('region', { name: U.lateHeading }).catch(() => null);
    expect(screen.queryByRole('region', { name: U.lateHeading })).toBeNull();
    cleanup();
    vi.unstubAllGlobals();
    serve({ booking: booking({ cancelled_at: null, starts_at: '2026-11-20T23:30:00+05:30' }), move_targets: [] }, () =>
      json({}),
    );
    expect(await screen.findByRole('region', { name: U.lateHeading })).toBeTruthy();
  });
});
