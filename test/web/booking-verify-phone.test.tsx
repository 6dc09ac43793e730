/**
 * The booking box's guest side of issue 19: only the tickets the profile's sex allows, a phone
 * check before paying for an account without a verified phone (/auth's own code step, sent to
 * /api/auth/phone/*), and the server's refusals (phone_unverified, ticket_mismatch, hold_exists)
 * shown in their own words. The API is mocked at fetch; Razorpay's checkout by `window.Razorpay`.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/toast';
import { TicketSelection } from '@/features/checkout/components/ticket-selection';
import { eventQueryKey } from '@/features/events/api/query-keys';
import { LEDGER_COPY } from '@domain/ledger-rules';
import type { Sex } from '@domain/profile';

vi.mock('@/components/toast', async (original) => ({
  ...(await original<typeof import('@/components/toast')>()),
  toast: vi.fn(),
}));

const EVENT_ID = 'evt_a';
const PHONE = '+919876543210';

const event = {
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

function session(over: { sex?: Sex | null; phone?: string | null } = {}) {
  const phone = over.phone === undefined ? null : over.phone;
  return {
    user: { id: 'usr_1', email: 'asha@example.com', phone, full_name: 'Asha Verma', role: 'guest' },
    profile: {
      id: 'prf_1',
      full_name: 'Asha Verma',
      email: 'asha@example.com',
      phone_number: PHONE,
      age: 30,
      sex: over.sex === undefined ? 'female' : over.sex,
      date_of_birth: '1995-04-12',
      relationship_status: 'single',
      work_profile: 'job',
    },
    quiz_completed: true,
    next: '/events',
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const refusal = (status: number, code: string, message: string) => json({ error: { code, message } }, status);

const createdOrder = {
  order: {
    id: 'order_1',
    status: 'created',
    amount: 312,
    currency: 'INR',
    ticket_type: 'female',
    ticket_label: 'Female',
    seats: 1,
    hold_expires_at: '2030-01-01T00:15:00.000Z',
    failure_reason: null,
  },
  event: { ...event, venue: null },
  checkout: {
    key_id: 'rzp_test',
    checkout_url: 'http://127.0.0.1:9/checkout.js',
    amount_paise: 31200,
    prefill: { name: 'Asha Verma', email: 'asha@example.com', contact: PHONE },
  },
};

type Call = { method: string; path: string; body: unknown };
let calls: Call[];
/** Answers by "METHOD /path"; each value is a list of answers, taken in order (the last repeats). */
let answers: Record<string, Array<() => Response>>;
let opened: Array<{ order_id: string }>;
let currentSession: ReturnType<typeof session>;

beforeEach(() => {
  calls = [];
  opened = [];
  answers = {};
  window.Razorpay = class {
    constructor(readonly options: { order_id: string }) {}
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
      if (method === 'GET' && path === '/api/auth/session') return json(currentSession);
      if (method === 'GET' && path === '/api/auth/config') return json({ turnstile_site_key: null });
      const queue = answers[`${method} ${path}`];
      if (!queue?.length) return refusal(500, 'error', `unexpected ${method} ${path}`);
      return (queue.length > 1 ? queue.shift() : queue[0])?.() as Response;
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
  delete window.Razorpay;
});

function renderBox(s: ReturnType<typeof session>) {
  currentSession = s;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['session'], s);
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
  return { user: userEvent.setup(), queryClient };
}

/** What a screen reader reads after an element's name: the text of its aria-describedby targets. */
const description = (el: Element) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent?.replace(/\s+/g, ' ').trim() ?? '')
    .join(' ');
const ticketNames = () => screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent ?? '');
const posted = (path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);

describe('the tickets a profile may buy', () => {
  it('a woman is offered Female, Couple and Female duo, and told why Male is missing', async () => {
    renderBox(session({ sex: 'female', phone: PHONE }));
    await screen.findByText('Choose your ticket');
    expect(ticketNames().map((t) => t.split(/1 seat|For 2/)[0])).toEqual([
      'Female',
      'Couple (male + female)',
      'Female duo',
    ]);
    const group = screen.getByRole('group', { name: /Choose your ticket/ });
    expect(description(group)).toBe('Tickets that match the sex on your profile (Female). Edit profile');
    expect(screen.getByRole('link', { name: 'Edit profile' }).getAttribute('href')).toBe('/profile-details?edit=true');
  });

  it('a man is offered Male and Couple; a guest who prefers not to say (or has not said) the single ticket', async () => {
    renderBox(session({ sex: 'male', phone: PHONE }));
    await screen.findByText('Choose your ticket');
    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['male', 'couple']);
    cleanup();
    renderBox(session({ sex: null, phone: PHONE }));
    await screen.findByText('Choose your ticket');
    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['male']);
    expect(screen.getByText(/Tickets that match the sex on your profile \(Prefer not to say\)/)).toBeTruthy();
  });
});

describe('a guest without a verified phone', () => {
  it('is told before paying, verifies the phone from their profile with /auth’s code step, and goes on to pay', async () => {
    answers['POST /api/auth/phone/send'] = [() => json({ sent: true, phone: PHONE, resend_in: 30 })];
    answers['POST /api/auth/phone/verify'] = [() => json(session({ phone: PHONE }))];
    answers['POST /api/orders'] = [() => json(createdOrder, 201)];
    // The clock stands still (only Date: timers and user-event run as ever), so the countdown reads
    // exactly what the server gave, however slowly the test runs. In the past, so the wait it
    // leaves on this phone (kept per page, send-code.ts) is over for the tests after this one.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-01-01T00:00:00.000Z'));
    const { user } = renderBox(session({ phone: null }));
    await screen.findByText(/Before you pay, we'll verify your phone number/);

    await user.click(screen.getByRole('radio', { name: /^Female ?1 seat/ }));
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    // The box now asks for the phone, focus on its heading; nothing was ordered yet.
    const heading = await screen.findByRole('heading', { name: 'Verify your phone' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText(LEDGER_COPY.verifyPhone, { exact: false })).toBeTruthy();
    expect(posted('/api/orders')).toEqual([]);
    const phone = screen.getByLabelText('Phone number') as HTMLInputElement;
    expect(phone.value).toBe('9876543210');

    // Keyboard only: Tab to 'Send Code', Enter.
    phone.focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send Code' }));
    await user.keyboard('{Enter}');
    const code = await screen.findByLabelText('Verification code');
    expect(posted('/api/auth/phone/send').map((c) => c.body)).toEqual([{ phone: '9876543210' }]);
    // The same resend countdown as /auth's code step.
    expect(screen.getByRole('button', { name: 'Resend code in 0:30' })).toHaveProperty('disabled', true);

    await user.type(code, '123456{Enter}');
    await waitFor(() => expect(opened).toEqual([expect.objectContaining({ order_id: 'order_1' })]));
    expect(posted('/api/auth/phone/verify').map((c) => c.body)).toEqual([{ phone: '9876543210', code: '123456' }]);
    expect(posted('/api/orders').map((c) => c.body)).toEqual([{ event_id: EVENT_ID, ticket_type: 'female' }]);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Phone verified' }));
  });

  it('a phone another account holds: says so in place, with the way out, and orders nothing', async () => {
    const taken = 'This phone number is already linked to another Tablemates account. Sign out, then sign in.';
    answers['POST /api/auth/phone/send'] = [() => json({ sent: true, phone: '+919876500077', resend_in: 30 })];
    answers['POST /api/auth/phone/verify'] = [() => refusal(409, 'phone_taken', taken)];
    const { user } = renderBox(session({ phone: null }));
    await user.click(await screen.findByRole('radio', { name: /^Female ?1 seat/ }));
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    const phone = await screen.findByLabelText('Phone number');
    await user.clear(phone);
    await user.type(phone, '9876500077{Enter}');
    await user.type(await screen.findByLabelText('Verification code'), '123456{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(taken);
    expect(within(alert).getByRole('button', { name: 'Sign out and use this phone' })).toBeTruthy();
    expect(toast).not.toHaveBeenCalledWith(expect.objectContaining({ variant: 'destructive' }));
    expect(posted('/api/orders')).toEqual([]);
  });

  it("'Back to tickets' returns to the box with the ticket still chosen, and focus on it", async () => {
    const { user } = renderBox(session({ phone: null }));
    await user.click(await screen.findByRole('radio', { name: /^Female duo/ }));
    await user.type(screen.getByLabelText('Their first name'), 'Priya');
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    // Keyboard only: the button goes away under focus, which must not fall to <body>.
    const back = await screen.findByRole('button', { name: 'Back to tickets' });
    back.focus();
    await user.keyboard('{Enter}');
    const chosen = await screen.findByRole('radio', { name: /^Female duo/ });
    expect(chosen).toHaveProperty('checked', true);
    expect(document.activeElement).toBe(chosen);
    expect((screen.getByLabelText('Their first name') as HTMLInputElement).value).toBe('Priya');
  });

  it.each([
    ['sending the code', 'POST /api/auth/phone/send'],
    ['checking the code', 'POST /api/auth/phone/verify'],
  ])(
    'verified meanwhile in another tab (phone_already_verified on %s): fetches the session again and goes on to pay',
    async (_, step) => {
      const already = 'Your phone is already verified.';
      answers['POST /api/auth/phone/send'] = [() => json({ sent: true, phone: PHONE, resend_in: 30 })];
      answers[step] = [() => refusal(409, 'phone_already_verified', already)];
      answers['POST /api/orders'] = [() => json(createdOrder, 201)];
      const { user } = renderBox(session({ phone: null }));
      await user.click(await screen.findByRole('radio', { name: /^Female ?1 seat/ }));
      await user.click(screen.getByRole('button', { name: 'Book Now' }));
      // The other tab verified it: the server's session has the phone now, this page's not yet.
      currentSession = session({ phone: PHONE });
      const sessionReads = calls.filter((c) => c.path === '/api/auth/session').length;
      // A number no other test has sent a code to (a code still fresh would skip the send).
      const phone = await screen.findByLabelText('Phone number');
      await user.clear(phone);
      await user.type(phone, step === 'POST /api/auth/phone/send' ? '9876500088{Enter}' : '9876500099{Enter}');
      if (step === 'POST /api/auth/phone/verify')
        await user.type(await screen.findByLabelText('Verification code'), '123456{Enter}');

      await waitFor(() => expect(opened).toEqual([expect.objectContaining({ order_id: 'order_1' })]));
      expect(posted('/api/orders').map((c) => c.body)).toEqual([{ event_id: EVENT_ID, ticket_type: 'female' }]);
      expect(toast).not.toHaveBeenCalledWith(expect.objectContaining({ variant: 'destructive' }));
      // The session was fetched again: the box stops promising a phone check...
      await waitFor(() => expect(screen.queryByText(/Before you pay, we'll verify/)).toBeNull());
      expect(calls.filter((c) => c.path === '/api/auth/session').length).toBeGreaterThan(sessionReads);

      // ...and, the checkout closed, the next 'Book Now' goes straight to the order.
      const checkout = opened[0] as unknown as { modal: { ondismiss: () => void } };
      act(() => checkout.modal.ondismiss());
      await user.click(await screen.findByRole('button', { name: 'Book Now' }));
      await waitFor(() => expect(opened).toHaveLength(2));
      expect(screen.queryByRole('heading', { name: 'Verify your phone' })).toBeNull();
      expect(posted('/api/orders')).toHaveLength(2);
    },
  );
});

describe("the server's refusals, in its own words", () => {
  it('a verified guest goes straight to the order; phone_unverified from the server opens the phone check', async () => {
    answers['POST /api/orders'] = [() => refusal(403, 'phone_unverified', LEDGER_COPY.verifyPhone)];
    const { user } = renderBox(session({ phone: PHONE }));
    expect(screen.queryByText(/Before you pay, we'll verify/)).toBeNull();
    await user.click(await screen.findByRole('radio', { name: /^Female ?1 seat/ }));
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    await screen.findByRole('heading', { name: 'Verify your phone' });
    expect(screen.getByText(LEDGER_COPY.verifyPhone, { exact: false })).toBeTruthy();
    expect(posted('/api/orders')).toHaveLength(1);
    expect(toast).not.toHaveBeenCalled();
  });

  it.each([
    ['ticket_mismatch', 400, LEDGER_COPY.ticketMismatch],
    ['hold_exists', 409, LEDGER_COPY.holdExists],
  ] as const)('%s is shown beside Book Now, never as a generic error', async (code, status, message) => {
    answers['POST /api/orders'] = [() => refusal(status, code, message)];
    const { user } = renderBox(session({ phone: PHONE }));
    await user.click(await screen.findByRole('radio', { name: /^Female ?1 seat/ }));
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(description(screen.getByRole('button', { name: 'Book Now' }))).toBe(message);
    expect(toast).not.toHaveBeenCalled();
    expect(opened).toEqual([]);
    if (code === 'ticket_mismatch')
      expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
  });
});
