/**
 * /offers/$token (issue 20): an open offer with credit takes the seat with credit first (or not,
 * unticked), through the same checkout as Book Now; a couple's offer asks the second guest's name;
 * an ended offer says so and points to /events. The API is mocked at fetch; Razorpay by `window.Razorpay`.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OfferPage } from '@/features/waitlist/components/offer-page';
import { WAITLIST_COPY } from '@domain/waitlist';

vi.mock('@/components/toast', async (original) => ({
  ...(await original<typeof import('@/components/toast')>()),
  toast: vi.fn(),
}));

const TOKEN = 'tok_1';
const event = {
  id: 'evt_a',
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
const view = (over: { status?: string; ticket_type?: string; ticket_label?: string; balance?: number } = {}) => ({
  offer: {
    token: TOKEN,
    status: over.status ?? 'open',
    expires_at: '2030-01-04T12:30:00.000Z',
    ticket_type: over.ticket_type ?? 'female',
    ticket_label: over.ticket_label ?? 'Female',
    seats: over.ticket_type === 'couple' ? 2 : 1,
    amount: over.ticket_type === 'couple' ? 899 : 312,
  },
  event,
  credit: { balance: over.balance ?? 200 },
});
const checkoutAnswer = (amount: number, credit: number) => ({
  order: {
    id: 'order_1',
    status: 'created',
    amount,
    credit_amount: credit,
    currency: 'INR',
    ticket_type: 'female',
    ticket_label: 'Female',
    seats: 1,
    hold_expires_at: '2030-01-04T12:45:00.000Z',
    failure_reason: null,
  },
  event,
  checkout: {
    key_id: 'rzp_test',
    checkout_url: 'http://127.0.0.1:9/checkout.js',
    amount_paise: amount * 100,
    prefill: { name: 'Asha Verma', email: 'asha@example.com', contact: '+919876543210' },
  },
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const refusal = (status: number, code: string, message: string) => json({ error: { code, message } }, status);

/** axe on the page as rendered (jsdom has no layout, so colour contrast is left to the e2e's axe; the landmarks are the route's). */
async function expectNoAxeViolations() {
  const result = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
}

type Call = { method: string; path: string; body: unknown };
let calls: Call[];
let answers: Record<string, () => Response>;
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
      const path = new URL(request.url).pathname;
      const text = await request.text();
      calls.push({ method: request.method, path, body: text ? JSON.parse(text) : null });
      const answer = answers[`${request.method} ${path}`];
      return answer ? answer() : refusal(500, 'error', `unexpected ${request.method} ${path}`);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete window.Razorpay;
});

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rootRoute = createRootRoute({ component: Outlet });
  const offerRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/offers/$token',
    component: () => <OfferPage token={TOKEN} />,
  });
  const confirmation = createRoute({
    getParentRoute: () => rootRoute,
    path: '/confirmation',
    component: () => <p>Confirmation page</p>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([offerRoute, confirmation]),
    history: createMemoryHistory({ initialEntries: [`/offers/${TOKEN}`] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}

const ACCEPT = `POST /api/offers/${TOKEN}/accept`;
const accepts = () => calls.filter((c) => `${c.method} ${c.path}` === ACCEPT).map((c) => c.body);

describe('an open offer', () => {
  it('shows the dinner, the ticket and until when it is held; credit is used by default and sent with the accept', async () => {
    answers[`GET /api/offers/${TOKEN}`] = () => json(view());
    answers[ACCEPT] = () => json(checkoutAnswer(112, 200), 201);
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Saturday Night Soirée' })).toBeTruthy();
    expect(screen.getByTestId('offer-held-until').textContent).toBe(
      WAITLIST_COPY.offerExpiresAt('Friday, 4 January 2030, 6:00 PM'),
    );
    const toggle = screen.getByRole('checkbox', { name: 'Use my credit (₹200)' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(screen.getByTestId('offer-price').textContent).toBe('Female · 1 seat₹312Credit−₹200To pay₹112');
    await expectNoAxeViolations();
    const take = screen.getByRole('button', { name: 'Take the seat' });
    expect(take.getAttribute('aria-describedby')).toBe(screen.getByTestId('offer-held-until').id);

    await user.click(take);
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(accepts()).toEqual([{ use_credit: true }]);
    expect(opened[0]).toMatchObject({ order_id: 'order_1', amount: 11200 });
  });

  it('unticked, the whole price is paid by card and the accept does not use credit', async () => {
    answers[`GET /api/offers/${TOKEN}`] = () => json(view());
    answers[ACCEPT] = () => json(checkoutAnswer(312, 0), 201);
    const { user } = renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Use my credit (₹200)' }));
    expect(screen.getByTestId('offer-price').textContent).toBe('Female · 1 seat₹312To pay₹312');
    await user.click(screen.getByRole('button', { name: 'Take the seat' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(accepts()).toEqual([{ use_credit: false }]);
  });

  it('credit that pays it all books at once: no Razorpay, straight to the confirmation', async () => {
    answers[`GET /api/offers/${TOKEN}`] = () => json(view({ balance: 1000 }));
    answers[ACCEPT] = () =>
      json(
        {
          order: { ...checkoutAnswer(0, 312).order, status: 'confirmed' },
          event: { ...event, venue: null },
          booking: { id: 'bkg_1' },
          checkout: null,
        },
        201,
      );
    const { user, router } = renderPage();
    expect((await screen.findByTestId('offer-price')).textContent).toBe('Female · 1 seat₹312Credit−₹312To pay₹0');
    await user.click(screen.getByRole('button', { name: 'Take the seat' }));
    expect(await screen.findByText('Confirmation page')).toBeTruthy();
    expect(router.state.location.search).toEqual({ order: 'order_1' });
    expect(opened).toHaveLength(0);
  });

  it("a couple's offer asks for the second guest's first name before taking the seat", async () => {
    answers[`GET /api/offers/${TOKEN}`] = () =>
      json(view({ ticket_type: 'couple', ticket_label: 'Couple (male + female)', balance: 0 }));
    answers[ACCEPT] = () => json(checkoutAnswer(899, 0), 201);
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Take the seat' }));
    const name = screen.getByRole('textbox', { name: 'Their first name' });
    await expectNoAxeViolations();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    expect(accepts()).toEqual([]);
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.type(name, 'Rahul');
    await user.click(screen.getByRole('button', { name: 'Take the seat' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(accepts()).toEqual([{ use_credit: false, party_name: 'Rahul' }]);
  });

  it("a refusal is shown in the server's words", async () => {
    answers[`GET /api/offers/${TOKEN}`] = () => json(view());
    answers[ACCEPT] = () => refusal(409, 'not_enough_credit', WAITLIST_COPY.notEnoughCredit);
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Take the seat' }));
    expect((await screen.findByRole('alert')).textContent).toBe(WAITLIST_COPY.notEnoughCredit);
    expect(opened).toHaveLength(0);
  });
});

describe('an offer that has ended', () => {
  it('says so and points to the upcoming dinners', async () => {
    answers[`GET /api/offers/${TOKEN}`] = () => json(view({ status: 'ended' }));
    renderPage();
    expect(await screen.findByText(WAITLIST_COPY.offerGone)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See upcoming dinners' }).getAttribute('href')).toBe('/events');
    await expectNoAxeViolations();
    expect(screen.queryByRole('button', { name: 'Take the seat' })).toBeNull();
  });

  it('an unknown token (or another guest’s) reads the same', async () => {
    answers[`GET /api/offers/${TOKEN}`] = () => refusal(404, 'offer_not_found', WAITLIST_COPY.offerGone);
    renderPage();
    expect(await screen.findByText(WAITLIST_COPY.offerGone)).toBeTruthy();
  });
});
