/**
 * /profile's credit and waitlists (docs/decisions/027): the balance and its history (a returned
 * spend says so), the lines the guest is in with their place or their offer, and 'Leave'.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreditSection } from '@/features/credit/components/credit-section';
import { WaitlistsSection } from '@/features/credit/components/waitlists-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderWith(ui: () => ReactNode, fetchImpl: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => fetchImpl(String(input), init));
  vi.stubGlobal('fetch', fetchMock);
  const rootRoute = createRootRoute({ component: ui });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/profile'] }) });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

const event = (over: Record<string, unknown> = {}) => ({
  id: 'gurugram-2030-01-05',
  city: 'gurugram',
  title: 'Gurugram Supper Club',
  description: 'A table of strangers',
  location: 'Gurugram',
  date: '2030-01-05',
  starts_at: '2030-01-05T13:30:00.000Z',
  image_url: '/images/events/gurugram.svg',
  available: true,
  ...over,
});

const entry = (over: Record<string, unknown>) => ({
  id: 'wl_1',
  event: event(),
  ticket_type: 'male',
  ticket_label: 'Male',
  seats: 1,
  status: 'waiting',
  position: 2,
  offer: null,
  created_at: '2030-01-01T10:00:00.000Z',
  ...over,
});

describe('Credit on /profile', () => {
  it('shows the balance and the history: grants with their expiry, spends, and a spend returned to the balance', async () => {
    renderWith(CreditSection, () =>
      json({
        balance: 499,
        entries: [
          {
            id: 'c3',
            amount: 499,
            kind: 'spent',
            label: 'Spent on a dinner',
            booking_id: null,
            created_at: '2030-01-03T10:00:00.000Z',
            expires_at: null,
            returned: true,
          },
          {
            id: 'c2',
            amount: 200,
            kind: 'spent',
            label: 'Spent on a dinner',
            booking_id: 'bkg_2',
            created_at: '2030-01-02T10:00:00.000Z',
            expires_at: null,
            returned: false,
          },
          {
            id: 'c1',
            amount: 699,
            kind: 'release',
            label: 'Your seat was taken again',
            booking_id: 'bkg_1',
            created_at: '2030-01-01T10:00:00.000Z',
            expires_at: '2031-01-01T10:00:00.000Z',
            returned: false,
          },
        ],
      }),
    );
    const section = await screen.findByRole('region', { name: 'Credit' });
    expect(within(section).getByTestId('credit-balance').textContent).toBe(
      '₹499 credit, valid 12 months from when it was given.',
    );
    const [returned, spent, grant] = within(section).getAllByTestId('credit-entry');
    expect(returned.textContent).toContain('Returned to your balance');
    expect(returned.textContent).toContain('−₹499');
    expect(spent.textContent).toContain('Spent on a dinner');
    expect(spent.textContent).toContain('2 Jan 2030');
    expect(spent.textContent).toContain('−₹200');
    expect(spent.textContent).not.toContain('Returned');
    expect(grant.textContent).toContain('Your seat was taken again');
    expect(grant.textContent).toContain('+₹699');
    expect(grant.textContent).toContain('Expires 1 Jan 2031');
  });

  it('is not shown to a guest who never had credit', async () => {
    const fetchMock = renderWith(CreditSection, () => json({ balance: 0, entries: [] }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('region', { name: 'Credit' })).toBeNull();
  });
});

describe('Waitlists on /profile', () => {
  it('lists the lines the guest is in: their place, or the offer with its link and deadline', async () => {
    renderWith(WaitlistsSection, () =>
      json({
        entries: [
          entry({ id: 'wl_1', position: 2 }),
          entry({
            id: 'wl_2',
            event: event({ id: 'pune-2030-01-12', title: 'Pune Supper Club', date: '2030-01-12' }),
            status: 'offered',
            position: null,
            offer: { token: 'tok_abc', expires_at: '2030-01-10T08:30:00.000Z' },
          }),
          entry({ id: 'wl_3', status: 'left', position: null }),
        ],
      }),
    );
    const section = await screen.findByRole('region', { name: 'Waitlists' });
    const [waiting, offered] = within(section).getAllByTestId('waitlist-entry');
    expect(within(section).getAllByTestId('waitlist-entry')).toHaveLength(2);
    expect(waiting.textContent).toContain('Gurugram Supper Club');
    expect(waiting.textContent).toContain("You're number 2 in line.");
    expect(waiting.textContent).toContain('Male · 1 seat');
    expect(offered.textContent).toContain('Your seats are held until Thursday, 10 January 2030, 2:00 PM.');
    expect(within(offered).getByRole('link', { name: 'See your offer' }).getAttribute('href')).toBe('/offers/tok_abc');
  });

  it("'Leave' asks first, then leaves the line", async () => {
    const fetchMock = renderWith(WaitlistsSection, (_url, init) =>
      init?.method === 'DELETE'
        ? json({ entry: entry({ status: 'left', position: null }) })
        : json({ entries: [entry({})] }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Leave the waitlist: Gurugram Supper Club/ }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    const confirm = screen.getByRole('button', { name: 'Leave the waitlist' });
    expect(document.activeElement).toBe(confirm);
    await user.click(confirm);
    expect(await screen.findByText('You left the waitlist for Gurugram Supper Club, 5 Jan 2030.')).toBeTruthy();
    const del = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(String(del?.[0])).toContain('/api/events/gurugram-2030-01-05/waitlist');
  });

  it('is not shown when the guest is in no line', async () => {
    const fetchMock = renderWith(WaitlistsSection, () =>
      json({ entries: [entry({ status: 'booked', position: null })] }),
    );
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('region', { name: 'Waitlists' })).toBeNull();
  });
});
