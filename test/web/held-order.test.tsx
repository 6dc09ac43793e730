/**
 * A checkout closed half-way (issue 24): the booking box's held order says until when the seat is
 * held (IST), 'Finish paying' opens the same Razorpay order again (no new order), and 'Let the seat
 * go' sends DELETE /api/orders/:id. The API is mocked at fetch; Razorpay's checkout by `window.Razorpay`.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HeldOrder } from '@/features/checkout/api/held-order';
import { HeldOrderPanel } from '@/features/checkout/components/held-order';
import { HOLD_COPY } from '@domain/copy-hold';

vi.mock('@/components/toast', async (original) => ({
  ...(await original<typeof import('@/components/toast')>()),
  toast: vi.fn(),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete (window as { Razorpay?: unknown }).Razorpay;
});

const hold = {
  order: {
    id: 'order_sbx_1',
    status: 'created',
    amount: 312,
    credit_amount: 0,
    currency: 'INR',
    ticket_type: 'female',
    ticket_label: 'Female',
    seats: 1,
    // 7:42 PM IST
    hold_expires_at: '2030-01-05T14:12:00.000Z',
    failure_reason: null,
  },
  event: {
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
  },
  checkout: {
    key_id: 'rzp_test_sandbox',
    checkout_url: 'https://checkout.example/v1/checkout.js',
    amount_paise: 31200,
    prefill: { name: 'Asha Verma', email: 'asha@example.com', contact: '+919876543210' },
  },
  paying: false,
  party_name: null,
} as unknown as HeldOrder;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderPanel() {
  const calls: Array<{ method: string; path: string }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      calls.push({ method, path: url.pathname });
      if (method === 'DELETE') return json({ released: true });
      if (url.pathname === '/api/orders/held/evt_a') return json({ hold });
      return json({ error: { code: 'unexpected', message: url.pathname } }, 500);
    }),
  );
  const rootRoute = createRootRoute({
    component: () => <HeldOrderPanel hold={hold} eventTitle="Saturday Night Soirée" />,
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/event/evt_a'] }),
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return calls;
}

describe('the held order in the booking box', () => {
  it('says until when the seat is held, in IST, and what is left to pay', async () => {
    renderPanel();
    const panel = await screen.findByTestId('held-order');
    expect(panel.textContent).toContain('Finish paying: your seat is held until 7:42 PM');
    expect(panel.textContent).toContain('Female · ₹312 to pay');
    expect(screen.getByRole('button', { name: HOLD_COPY.letGo })).toBeTruthy();
  });

  it("'Finish paying' opens the same Razorpay order again, without a new order", async () => {
    const opened: string[] = [];
    (window as unknown as { Razorpay: unknown }).Razorpay = class {
      constructor(readonly options: { order_id: string }) {}
      on() {}
      open() {
        opened.push(this.options.order_id);
      }
    };
    const calls = renderPanel();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Finish paying' }));
    await waitFor(() => expect(opened).toEqual(['order_sbx_1']));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("'Let the seat go' ends the hold: DELETE /api/orders/:id", async () => {
    const calls = renderPanel();
    await userEvent.setup().click(await screen.findByRole('button', { name: HOLD_COPY.letGo }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', path: '/api/orders/order_sbx_1' }));
  });
});
