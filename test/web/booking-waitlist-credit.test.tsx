/**
 * The booking box's side of issue 20: a dinner full for the guest's tickets offers its waitlist
 * (join → place in line → leave; an offer links to /offers/$token), the server's refusal is shown
 * in its own words, and a guest with credit pays with it first unless they untick it. The API is
 * mocked at fetch; Razorpay's checkout by `window.Razorpay`.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TicketSelection } from '@/features/checkout/components/ticket-selection';
import { eventQueryKey } from '@/features/events/api/query-keys';
import { WAITLIST_COPY } from '@domain/waitlist';

vi.mock('@/components/toast', async (original) => ({
  ...(await original<typeof import('@/components/toast')>()),
  toast: vi.fn(),
}));

const EVENT_ID = 'evt_a';
const PHONE = '+919876543210';

const baseEvent = {
  id: EVENT_ID,
  city: 'gurugram',
  title: 'Saturday Night Soirée',
  description: 'Dinner',
  location: 'Gurugram',
  date: '2030-01-05',
  starts_at: '2030-01-05T13:30:00.000Z',
  image_url: '/images/events/gurugram.svg',
  available: true,
  ticket_price_single: 499,
  capacity: 24,
  seats_left: 10,
  next_with_room: null,
  venue: null,
  tickets: [
    { type: 'male', label: 'Male', price: 499, seats: 1, available: true },
    { type: 'female', label: 'Female', price: 312, seats: 1, available: true },
    { type: 'couple', label: 'Couple (male + female)', price: 899, seats: 2, available: true },
    { type: 'female_duo', label: 'Female duo', price: 749, seats: 2, available: true },
  ],
};
const soldOutEvent = {
  ...baseEvent,
  seats_left: 0,
  tickets: baseEvent.tickets.map((t) => ({ ...t, available: false })),
};

const session = {
  user: { id: 'usr_1', email: 'asha@example.com', phone: PHONE, full_name: 'Asha Verma', role: 'guest' },
  profile: {
    id: 'prf_1',
    full_name: 'Asha Verma',
    email: 'asha@example.com',
    phone_number: PHONE,
    age: 30,
    sex: 'female',
    date_of_birth: '1995-04-12',
    relationship_status: 'single',
    work_profile: 'job',
  },
  quiz_completed: true,
  next: '/events',
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const refusal = (status: number, code: string, message: string) => json({ error: { code, message } }, status);

const summary = {
  id: EVENT_ID,
  city: 'gurugram',
  title: 'Saturday Night Soirée',
  description: 'Dinner',
  location: 'Gurugram',
  date: '2030-01-05',
  starts_at: '2030-01-05T13:30:00.000Z',
  image_url: '/images/events/gurugram.svg',
  available: true,
  ticket_price_single: 499,
  capacity: 24,
};
const entry = (over: Record<string, unknown> = {}) => ({
  id: 'wl_1',
  event: summary,
  ticket_type: 'female',
  ticket_label: 'Female',
  seats: 1,
  status: 'waiting',
  position: 3,
  offer: null,
  created_at: '2029-12-20T10:00:00.000Z',
  ...over,
});

/** axe on the page as rendered (jsdom has no layout, so colour contrast is left to the e2e's axe; the landmarks are the route's). */
async function expectNoAxeViolations() {
  const result = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
}

type Call = { method: string; path: string; body: unknown };
let calls: Call[];
/** Answers by "METHOD /path"; each a list of answers taken in order (the last repeats). */
let answers: Record<string, Array<() => Response>>;
let opened: Array<{ order_id: string; amount: number }>;

beforeEach(() => {
  calls = [];
  opened = [];
  answers = {};
  window.Razorpay = class {
    constructor(readonly options: { order_id: string; amount: number }) {}
    open() {
      opened.push(this.options);
    }
    on() {}
  } as unknown as NonNullable<Window['Razorpay']>;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const method = request.method;
      const path = new URL(request.url).pathname;
      const text = await request.text();
      calls.push({ method, path, body: text ? JSON.parse(text) : null });
      if (method === 'GET' && path === '/api/auth/session') return json(session);
      const queue = answers[`${method} ${path}`];
      if (!queue?.length) return refusal(500, 'error', `unexpected ${method} ${path}`);
      return (queue.length > 1 ? queue.shift() : queue[0])?.() as Response;
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete window.Razorpay;
});

function renderBox(event: typeof baseEvent) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['session'], session);
  queryClient.setQueryData(eventQueryKey(EVENT_ID), { event });
  const rootRoute = createRootRoute({ component: () => <TicketSelection eventId={EVENT_ID} /> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [`/event/${EVENT_ID}`] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const sent = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
const WAITLIST = `/api/events/${EVENT_ID}/waitlist`;

describe('a dinner full for the guest', () => {
  it('offers the waitlist for the tickets the profile allows; joining shows the place in line, leaving takes it back', async () => {
    answers[`GET ${WAITLIST}`] = [() => json({ entry: null })];
    answers[`POST ${WAITLIST}`] = [() => json({ entry: entry() }, 201)];
    answers[`DELETE ${WAITLIST}`] = [() => json({ entry: entry({ status: 'left', position: null }) })];
    const user = renderBox(soldOutEvent);

    await screen.findByRole('heading', { name: 'This dinner is full' });
    // A woman's tickets only: Female, Couple and Female duo; never Male.
    const group = screen.getByRole('group', { name: 'Which ticket are you waiting for?' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['female', 'couple', 'female_duo']);
    expect(screen.queryByRole('button', { name: 'Book Now' })).toBeNull();
    await expectNoAxeViolations();

    await user.click(within(group).getByRole('radio', { name: /^Female1 seat/ }));
    await user.click(screen.getByRole('button', { name: WAITLIST_COPY.join }));

    expect(await screen.findByText(WAITLIST_COPY.position(3))).toBeTruthy();
    expect(sent('POST', WAITLIST).map((c) => c.body)).toEqual([{ ticket_type: 'female' }]);
    // Announced, and the keyboard stays in the panel (on its new heading).
    expect(screen.getByRole('status').textContent).toContain(WAITLIST_COPY.position(3));
    const heading = screen.getByRole('heading', { name: "You're on the waitlist" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: WAITLIST_COPY.leave }));
    await screen.findByRole('heading', { name: 'This dinner is full' });
    expect(sent('DELETE', WAITLIST)).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('You left the waitlist.');
    expect(screen.getByRole('button', { name: WAITLIST_COPY.join })).toBeTruthy();
  });

  it("shows the server's refusal in its own words, beside the button", async () => {
    answers[`GET ${WAITLIST}`] = [() => json({ entry: null })];
    answers[`POST ${WAITLIST}`] = [() => refusal(400, 'waitlist_closed', WAITLIST_COPY.closed)];
    const user = renderBox(soldOutEvent);
    await user.click(await screen.findByRole('radio', { name: /^Female duo/ }));
    await user.click(screen.getByRole('button', { name: WAITLIST_COPY.join }));
    expect((await screen.findByRole('alert')).textContent).toBe(WAITLIST_COPY.closed);
    expect(screen.getByRole('button', { name: WAITLIST_COPY.join }).getAttribute('aria-describedby')).toBe(
      screen.getByRole('alert').id,
    );
  });

  it('an offer out shows until when the seats are held, and links to the offer', async () => {
    answers[`GET ${WAITLIST}`] = [
      () =>
        json({
          entry: entry({
            status: 'offered',
            position: null,
            offer: { token: 'tok_1', expires_at: '2030-01-04T12:30:00.000Z' },
          }),
        }),
    ];
    renderBox(soldOutEvent);
    await screen.findByRole('heading', { name: 'A seat is yours to take' });
    expect(screen.getByText('Your seats are held until Friday, 4 January 2030, 6:00 PM.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Take the seat/ }).getAttribute('href')).toBe('/offers/tok_1');
    await expectNoAxeViolations();
    expect(screen.getByRole('button', { name: WAITLIST_COPY.leave })).toBeTruthy();
  });
});

describe('a dinner with some of the guest’s tickets full', () => {
  it('offers the waitlist for those from the ticket list, and goes back to the tickets', async () => {
    answers[`GET ${WAITLIST}`] = [() => json({ entry: null })];
    answers[`POST ${WAITLIST}`] = [() => json({ entry: entry({ ticket_type: 'couple', seats: 2, position: 1 }) }, 201)];
    const oneLeft = {
      ...baseEvent,
      seats_left: 1,
      tickets: baseEvent.tickets.map((t) => ({ ...t, available: t.seats === 1 })),
    };
    const user = renderBox(oneLeft);
    await user.click(await screen.findByRole('button', { name: WAITLIST_COPY.join }));
    const heading = await screen.findByRole('heading', { name: 'Wait for a sold-out ticket' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const group = screen.getByRole('group', { name: 'Which ticket are you waiting for?' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['couple', 'female_duo']);
    await user.click(screen.getByRole('button', { name: /Back to tickets/ }));
    expect(await screen.findByRole('button', { name: 'Book Now' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: WAITLIST_COPY.join }));
    await user.click(await screen.findByRole('radio', { name: /^Couple/ }));
    await user.click(screen.getByRole('button', { name: WAITLIST_COPY.join }));
    expect(await screen.findByText(WAITLIST_COPY.position(1))).toBeTruthy();
    expect(sent('POST', WAITLIST).map((c) => c.body)).toEqual([{ ticket_type: 'couple' }]);
  });
});

describe('credit at checkout', () => {
  const createdOrder = {
    order: {
      id: 'order_1',
      status: 'created',
      amount: 112,
      credit_amount: 200,
      currency: 'INR',
      ticket_type: 'female',
      ticket_label: 'Female',
      seats: 1,
      hold_expires_at: '2030-01-01T00:15:00.000Z',
      failure_reason: null,
    },
    event: summary,
    checkout: {
      key_id: 'rzp_test',
      checkout_url: 'http://127.0.0.1:9/checkout.js',
      amount_paise: 11200,
      prefill: { name: 'Asha Verma', email: 'asha@example.com', contact: PHONE },
    },
  };

  it('is used by default: the price line splits credit and what is left to pay, and the order asks for it', async () => {
    answers[`GET ${WAITLIST}`] = [() => json({ entry: null })];
    answers['GET /api/credits'] = [() => json({ balance: 200, entries: [] })];
    answers['POST /api/orders'] = [() => json(createdOrder, 201)];
    const user = renderBox(baseEvent);
    const toggle = await screen.findByRole('checkbox', { name: 'Use my credit (₹200)' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: /^Female1 seat/ }));
    const split = screen.getByTestId('price-split');
    expect(split.textContent).toBe('Ticket₹312Credit−₹200To pay₹112');
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(sent('POST', '/api/orders')[0].body).toEqual({
      event_id: EVENT_ID,
      ticket_type: 'female',
      use_credit: true,
    });
    expect(opened[0].amount).toBe(11200);
  });

  it('unticked, the guest pays it all and the order does not ask for credit', async () => {
    answers[`GET ${WAITLIST}`] = [() => json({ entry: null })];
    answers['GET /api/credits'] = [() => json({ balance: 200, entries: [] })];
    answers['POST /api/orders'] = [
      () => json({ ...createdOrder, order: { ...createdOrder.order, amount: 312, credit_amount: 0 } }, 201),
    ];
    const user = renderBox(baseEvent);
    await user.click(await screen.findByRole('checkbox', { name: 'Use my credit (₹200)' }));
    await user.click(screen.getByRole('radio', { name: /^Female1 seat/ }));
    expect(screen.getByTestId('price-split').textContent).toBe('Ticket₹312To pay₹312');
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(sent('POST', '/api/orders')[0].body).toEqual({ event_id: EVENT_ID, ticket_type: 'female' });
  });

  it('no credit, no checkbox', async () => {
    answers[`GET ${WAITLIST}`] = [() => json({ entry: null })];
    answers['GET /api/credits'] = [() => json({ balance: 0, entries: [] })];
    renderBox(baseEvent);
    await screen.findByRole('button', { name: 'Book Now' });
    await waitFor(() => expect(sent('GET', '/api/credits')).toHaveLength(1));
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
