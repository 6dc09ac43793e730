import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MY_BOOKING_COPY } from '@domain/copy-my-booking';
import { CREDIT_COPY } from '@domain/credit';
import { type BookingStateInput, bookingState } from '@domain/booking-state';
import type { MyBooking } from '@/features/my-bookings/api/get-booking';
import { MyBookingPage } from '@/features/my-bookings/components/my-booking-page';

// jsdom has <dialog> but not its modal methods.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** `GET /api/bookings/:id` as the Worker answers it (services/my-booking.ts). */
function view(
  over: {
    reschedule?: Partial<MyBooking['reschedule']>;
    venue?: Partial<MyBooking['venue']>;
    table?: MyBooking['table'];
    release?: MyBooking['release'];
    attendance?: MyBooking['attendance'];
    status?: string;
    cancelled_at?: string | null;
    cancellation_choice?: BookingStateInput['cancellation_choice'];
  } = {},
) {
  // As the Worker answers: the state from the domain's one function, no ticket code without a seat.
  const state = bookingState({
    status: (over.status ?? 'confirmed') as BookingStateInput['status'],
    cancelled_at: over.cancelled_at ?? null,
    cancellation_choice: over.cancellation_choice ?? null,
    amount: 499,
  });
  return {
    state,
    booking: {
      id: 'bkg_1',
      event_id: 'evt_a',
      event_name: 'Saturday Night Soirée',
      event_location: 'Gurugram',
      event_date: '2030-01-05',
      ticket_type: 'male',
      seats: 1,
      amount: 499,
      payment_id: 'pay_1',
      status: over.status ?? 'confirmed',
      booking_date: '2029-12-20T10:00:00.000Z',
    },
    event: {
      id: 'evt_a',
      city: 'gurugram',
      title: 'Saturday Night Soirée',
      location: 'Gurugram',
      date: '2030-01-05',
      starts_at: '2030-01-05T13:30:00.000Z',
      image_url: '/images/events/gurugram.svg',
      cancelled_at: over.cancelled_at ?? null,
      time: '7:00 PM - 10:00 PM',
    },
    venue: { revealed: false, reveals_at: '2030-01-03T13:30:00.000Z', name: null, address: null, ...over.venue },
    table: over.table ?? null,
    ticket: { code: state.seated ? '7K3M-Q9TX-2HDR-WB4N' : null, label: 'Male' },
    reschedule: {
      allowed: true,
      until: '2030-01-03T13:30:00.000Z',
      refusal: null,
      options: [
        {
          id: 'evt_b',
          title: 'Saturday Night Soirée',
          city: 'gurugram',
          location: 'Gurugram',
          date: '2030-01-12',
          starts_at: '2030-01-12T13:30:00.000Z',
          seats_left: 1,
        },
      ],
      rescheduled_from: null,
      rescheduled_at: null,
      ...over.reschedule,
    },
    release: over.release ?? { state: 'reschedule', released_at: null, credit: null },
    attendance: over.attendance ?? { asked: false, confirmed_at: null },
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderPage(
  initial: ReturnType<typeof view>,
  fetchImpl?: (url: string, init?: RequestInit) => Response,
  stillComing?: 'yes' | 'no',
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    fetchImpl ? fetchImpl(String(input), init) : json(initial),
  );
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = new QueryClient();
  queryClient.setQueryData(['bookings', 'bkg_1'], initial);
  const rootRoute = createRootRoute({
    component: () => <MyBookingPage bookingId="bkg_1" stillComing={stillComing} />,
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/booking/bkg_1'] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('My Booking', () => {
  it('shows the published table: its number and the anonymous hints about the tablemates', async () => {
    const hints = ['Two fellow ambiverts', 'Someone else picked K-Drama', 'A mix of students and founders'];
    renderPage(view({ table: { number: 3, hints } }));
    const section = await screen.findByRole('region', { name: 'Your table' });
    expect(within(section).getByTestId('table-number').textContent).toBe('3');
    const list = within(section).getByRole('list', { name: 'About your tablemates' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(hints.map((h) => `✦${h}`));
    expect(screen.getByRole('link', { name: 'Table 3' }).getAttribute('href')).toBe('#your-table');
  });

  it("a booking of a dinner we cancelled says so, with no QR and no 'Add to calendar'; refunded says how much", async () => {
    const cancelled = view({ cancelled_at: '2029-12-30T10:00:00.000Z' });
    renderPage(cancelled, (url) =>
      url.includes('/choices') ? json({ error: { code: 'x', message: 'x' } }, 500) : json(cancelled),
    );
    expect((await screen.findByTestId('booking-status')).textContent).toBe(
      'Dinner cancelled · choose a refund or a move',
    );
    expect(screen.getByTestId('booking-status').className).toContain('badge-warning');
    expect(screen.queryByTestId('ticket-code')).toBeNull();
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    expect(screen.queryByText(/Show this code to your host/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to calendar' })).toBeNull();
    expect(screen.getByTestId('no-ticket').textContent).toContain('no longer holds a seat');
    cleanup();

    const refunded = view({ status: 'refunded', cancelled_at: '2029-12-30T10:00:00.000Z' });
    renderPage(refunded, (url) =>
      url.includes('/choices') ? json({ error: { code: 'x', message: 'x' } }, 500) : json(refunded),
    );
    expect((await screen.findByTestId('booking-status')).textContent).toBe('Refunded ₹499');
    expect(screen.queryByText('Pending')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to calendar' })).toBeNull();
  });

  it('has no table section before the tables are published, and says when they will be', async () => {
    renderPage(view());
    await screen.findByRole('heading', { level: 1, name: 'Saturday Night Soirée' });
    expect(screen.queryByRole('region', { name: 'Your table' })).toBeNull();
    expect(screen.getByText('Your table of 6-8 is shared 48 hours before the dinner, with the venue.')).toBeTruthy();
  });

  it('shows the dinner in IST, when the venue is revealed, the ticket as a QR code and its code, and the policy', async () => {
    renderPage(view());
    expect(await screen.findByRole('heading', { level: 1, name: 'Saturday Night Soirée' })).toBeTruthy();
    expect(screen.getByText('Confirmed').className).toContain('badge-success');
    expect(screen.getByTestId('booking-date').textContent).toBe('Saturday, 5 January 2030');
    expect(screen.getAllByText(/7:00 PM - 10:00 PM/).length).toBeGreaterThan(0);
    // Revealed 48 hours before the 7 PM IST start: Thursday 3 January, 7:00 PM IST.
    expect(
      screen.getByText(/The exact venue is revealed 48 hours before: Thursday, 3 January 2030, 7:00 PM/),
    ).toBeTruthy();
    expect(screen.getByTestId('ticket-code').textContent).toBe('7K3M-Q9TX-2HDR-WB4N');
    const qr = await screen.findByRole('img', { name: 'QR code of your ticket 7K3M-Q9TX-2HDR-WB4N' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByText('₹499')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to calendar' })).toBeTruthy();
    expect(screen.getByText(MY_BOOKING_COPY.noRefund)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /cancel/i })).toBeNull();
  });

  it('shows the venue once revealed', async () => {
    renderPage(view({ venue: { revealed: true, name: 'The Secret Table', address: '1 Hidden Lane' } }));
    expect(await screen.findByText('The Secret Table')).toBeTruthy();
    expect(screen.getByText('1 Hidden Lane')).toBeTruthy();
  });

  it('inside 48 hours has no reschedule button and says why', async () => {
    renderPage(view({ reschedule: { allowed: false, refusal: MY_BOOKING_COPY.rescheduleClosed } }));
    expect(await screen.findByTestId('reschedule-closed')).toBeTruthy();
    expect(screen.getByText(MY_BOOKING_COPY.rescheduleClosed)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reschedule' })).toBeNull();
  });

  it('moves the booking to the dinner picked, and shows the new date', async () => {
    const moved = view();
    moved.booking = { ...moved.booking, event_id: 'evt_b', event_date: '2030-01-12' };
    moved.event = { ...moved.event, id: 'evt_b', date: '2030-01-12', starts_at: '2030-01-12T13:30:00.000Z' };
    const fetchMock = renderPage(view(), (_url, init) => (init?.method === 'POST' ? json(moved) : json(view())));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    const picker = screen.getByRole('group', { name: 'Choose your new dinner' });
    const option = within(picker).getByRole('radio', { name: /Saturday, 12 January 2030/ });
    expect(option.closest('label')?.textContent).toContain('1 seat left');
    await user.click(option);
    await user.click(screen.getByRole('button', { name: 'Confirm new date' }));

    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      expect.stringContaining('Moved to Saturday, 12 January 2030'),
    );
    expect(screen.getByTestId('booking-date').textContent).toBe('Saturday, 12 January 2030');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toContain('/api/bookings/bkg_1/reschedule');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ event_id: 'evt_b' });
  });

  it("inside 48 hours: 'Can't make it' says what happens before confirming, releases, and shows the pending credit", async () => {
    const open = view({
      reschedule: { allowed: false, refusal: MY_BOOKING_COPY.rescheduleClosed },
      release: { state: 'open', released_at: null, credit: null },
    });
    const released = view({
      status: 'released',
      reschedule: { allowed: false, refusal: MY_BOOKING_COPY.rescheduleNotConfirmed, options: [] },
      release: {
        state: 'released',
        released_at: '2030-01-04T10:00:00.000Z',
        credit: { status: 'pending', amount: 499 },
      },
    });
    const fetchMock = renderPage(open, (_url, init) => (init?.method === 'POST' ? json(released) : json(open)));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: "Can't make it" }));

    const dialog = screen.getByRole('dialog', { name: "Can't make it?" });
    expect(within(dialog).getByTestId('release-explainer').textContent).toBe(CREDIT_COPY.releaseExplainer);
    expect(dialog.getAttribute('aria-describedby')).toBe(within(dialog).getByTestId('release-explainer').id);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep my seat' }));
    // Nothing is sent before the guest confirms.
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Release my seats' }));

    expect(await screen.findByTestId('release-done')).toHaveProperty('textContent', CREDIT_COPY.releaseDone);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toContain('/api/bookings/bkg_1/release');
    expect(screen.getByTestId('release-credit').textContent).toBe(
      'If someone takes your seats before the dinner, ₹499 credit will appear on your profile.',
    );
    expect(screen.getByText("Can't make it", { selector: '.badge' })).toBeTruthy();
    expect(screen.queryByTestId('ticket-code')).toBeNull();
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to calendar' })).toBeNull();
    expect(screen.queryByRole('button', { name: "Can't make it" })).toBeNull();
  });

  it("'Keep my seat' closes the confirmation and sends nothing", async () => {
    const open = view({ release: { state: 'open', released_at: null, credit: null } });
    const fetchMock = renderPage(open);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: "Can't make it" }));
    await user.click(screen.getByRole('button', { name: 'Keep my seat' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("shows the server's refusal in its own words", async () => {
    const open = view({ release: { state: 'open', released_at: null, credit: null } });
    renderPage(open, (_url, init) =>
      init?.method === 'POST'
        ? json({ error: { code: 'release_closed', message: CREDIT_COPY.releaseClosed } }, 409)
        : json(open),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: "Can't make it" }));
    await user.click(screen.getByRole('button', { name: 'Release my seats' }));
    expect(await screen.findByTestId('release-refused')).toHaveProperty('textContent', CREDIT_COPY.releaseClosed);
  });

  it('outside the 48 hours offers no release, only when it opens', async () => {
    renderPage(view());
    expect(await screen.findByTestId('release-later')).toBeTruthy();
    expect(screen.queryByRole('button', { name: "Can't make it" })).toBeNull();
  });

  it('a released booking says whether its seats earned credit', async () => {
    const released = (status: 'granted' | 'none') =>
      view({
        status: 'released',
        release: { state: 'released', released_at: '2030-01-04T10:00:00.000Z', credit: { status, amount: 1499 } },
      });
    renderPage(released('granted'));
    expect((await screen.findByTestId('release-credit')).textContent).toBe('₹1,499 credit added to your profile.');
    cleanup();
    renderPage(released('none'));
    expect((await screen.findByTestId('release-credit')).textContent).toBe(
      'Nobody took your seats, so there is no credit.',
    );
  });

  it("'Still coming?': yes tells the host and thanks the guest", async () => {
    const asked = view({
      reschedule: { allowed: false, refusal: MY_BOOKING_COPY.rescheduleClosed },
      release: { state: 'open', released_at: null, credit: null },
      attendance: { asked: true, confirmed_at: null },
    });
    const fetchMock = renderPage(asked, (_url, init) =>
      init?.method === 'POST'
        ? json({ attendance: { asked: true, confirmed_at: '2030-01-04T14:00:00.000Z' } })
        : json(asked),
    );
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Still coming?' });
    expect(within(section).getByRole('button', { name: "Can't make it" })).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Yes, see you there' }));
    expect((await screen.findByTestId('still-coming-thanks')).textContent).toBe(
      "Thanks — your host knows you're coming.",
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toContain('/api/bookings/bkg_1/attendance');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ coming: true });
    expect(within(section).queryByRole('button', { name: 'Yes, see you there' })).toBeNull();
  });

  it("'Still coming?' from the reminder's links: yes is sent once by itself; no opens the release", async () => {
    const asked = view({
      release: { state: 'open', released_at: null, credit: null },
      attendance: { asked: true, confirmed_at: null },
    });
    const fetchMock = renderPage(
      asked,
      (_url, init) =>
        init?.method === 'POST'
          ? json({ attendance: { asked: true, confirmed_at: '2030-01-04T14:00:00.000Z' } })
          : json(asked),
      'yes',
    );
    expect(await screen.findByTestId('still-coming-thanks')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
    cleanup();

    renderPage(asked, undefined, 'no');
    const dialog = await screen.findByRole('dialog', { name: "Can't make it?" });
    expect(within(dialog).getByText(CREDIT_COPY.releaseExplainer)).toBeTruthy();
  });
});
