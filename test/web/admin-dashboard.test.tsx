/**
 * The console's dashboard as a table (issue 24, web/src/features/admin/components/admin-dashboard.tsx):
 * a page of dinners from the server, searched, filtered by city and date, paged, and past dinners
 * behind their own tab; each query is the server's (`GET /api/admin/events?status=…`).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { PageOf } from '@/lib/page-table';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const dinner = (i: number, over: Record<string, unknown> = {}) => ({
  id: `evt-${i}`,
  city: 'gurugram',
  title: `Supper ${i}`,
  location: 'Cyber Hub',
  date: '2030-01-05',
  starts_at: '2030-01-05T13:30:00.000Z',
  ends_at: '2030-01-05T16:30:00.000Z',
  available: true,
  cancelled_at: null,
  cancel_reason: null,
  capacity: 8,
  seats_sold: 3,
  seats_held: 1,
  seats_left: 4,
  revenue: 1497,
  needs_attention: 0,
  ...over,
});

// The first render loads the console's chunks: slower than a unit test's default 5 s on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

/** Every list query the dashboard made, as its search parameters. */
let queries: URLSearchParams[];

beforeEach(() => {
  queries = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      if (url.pathname === '/api/admin/events') {
        // The audit entries' dinner names come from the unfiltered list: only the table's queries count.
        if (url.searchParams.has('status')) queries.push(url.searchParams);
        const q = url.searchParams.get('q') ?? '';
        const page = Number(url.searchParams.get('page') ?? 1);
        const past = url.searchParams.get('status') === 'past';
        const all = past
          ? [dinner(900, { title: 'Old supper', date: '2020-01-01', starts_at: '2020-01-01T13:30:00.000Z' })]
          : Array.from({ length: 30 }, (_, i) => dinner(i + 1)).filter((d) => d.title.toLowerCase().includes(q));
        return json({
          events: all.slice((page - 1) * 25, page * 25),
          total: all.length,
          page,
          page_size: 25,
          summary: { upcoming: 30, seats_sold_upcoming: 90, revenue: 44910 },
          needs_attention: 0,
        });
      }
      if (url.pathname === '/api/admin/cities')
        return json({
          cities: [{ slug: 'gurugram', name: 'Gurugram', blurb: '', status: 'available', position: 0, dinners: 30 }],
        });
      if (url.pathname === '/api/admin/orders') return json({ orders: [], payment_issues: [] });
      if (url.pathname === '/api/admin/audit') return json({ entries: [], next_before: null });
      return json({ error: { code: 'not_found', message: 'nope' } }, 404);
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rootRoute = createRootRoute({
    component: () => <PageOf pages={{ '': AdminDashboard }} splat="" notFound={null} />,
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/admin'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const table = () => screen.getByRole('table', { name: 'Dinners' });
const titles = () =>
  within(table())
    .queryAllByRole('rowheader')
    .map((th) => within(th).getByRole('link').textContent);

describe('the dashboard table', () => {
  it('shows a page of upcoming dinners as rows: title, city, date, seats sold of capacity, status', async () => {
    await screen.findByRole('table', { name: 'Dinners' });
    expect(titles()).toHaveLength(25);
    const link = within(table()).getByRole('link', { name: 'Supper 1' });
    expect(link.getAttribute('href')).toBe('/admin/events/evt-1');
    const row = link.closest('tr') as HTMLTableRowElement;
    expect(row.textContent).toContain('gurugram');
    expect(row.textContent).toContain('3 / 8');
    expect(row.textContent).toContain('4 left');
    expect(screen.getByText('1–25 of 30 dinners')).toBeTruthy();
    // The totals are the server's, over every dinner.
    expect(screen.getByText('44,910', { exact: false })).toBeTruthy();
    expect(queries[0].get('status')).toBe('upcoming');
    expect(queries[0].get('page')).toBeNull();
  });

  it('asks the server for the search, a city and dates, and pages', async () => {
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Dinners' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(titles()).toEqual(['Supper 26', 'Supper 27', 'Supper 28', 'Supper 29', 'Supper 30']));
    expect(queries.at(-1)?.get('page')).toBe('2');

    await user.type(screen.getByLabelText('Search by title, area, city or id'), 'supper 12');
    await waitFor(() => expect(titles()).toEqual(['Supper 12']));
    // A new search starts on the first page.
    expect(queries.at(-1)?.get('q')).toBe('supper 12');
    expect(queries.at(-1)?.get('page')).toBeNull();
    expect(screen.getByText('1 dinner match')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('City'), 'gurugram');
    await waitFor(() => expect(queries.at(-1)?.get('city')).toBe('gurugram'));
    const from = screen.getByLabelText('From');
    expect(from.getAttribute('type')).toBe('date');
    await user.type(from, '2030-01-01');
    await waitFor(() => expect(queries.at(-1)?.get('from')).toBe('2030-01-01'));
  });

  it('keeps past dinners behind the Past tab', async () => {
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Dinners' });
    expect(titles()).not.toContain('Old supper');
    await user.click(screen.getByRole('button', { name: 'Past' }));
    await waitFor(() => expect(titles()).toEqual(['Old supper']));
    expect(screen.getByRole('heading', { name: 'Past dinners' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Past' }).getAttribute('aria-pressed')).toBe('true');
    expect(queries.at(-1)?.get('status')).toBe('past');
  });

  it('has no axe violations (jsdom: no contrast)', async () => {
    await screen.findByRole('table', { name: 'Dinners' });
    const result = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});
