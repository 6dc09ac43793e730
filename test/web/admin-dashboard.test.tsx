/**
 * The console's dashboard as a table (issue 24, web/src/features/admin/components/admin-dashboard.tsx):
 * a page of dinners from the server, searched, filtered by city and date, paged, and past dinners
 * behind their own tab; each query is the server's (`GET /api/admin/events?status=…`). Below them,
 * the last 12 weeks as charts, of every city or one (issue 21, `GET /api/admin/stats`).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { PageOf } from '@/lib/page-table';
import { CONSOLE_COPY } from '@domain/copy-console';

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
/** Every stats query the dashboard made (issue 21's charts), as its search parameters. */
let statsQueries: URLSearchParams[];

/** Twelve Mondays from 5 Jan 2026; a city's weeks have dinners only when it is Gurugram or all. */
const statsWeeks = (city: string | null) =>
  Array.from({ length: 12 }, (_, i) => {
    const monday = new Date(Date.UTC(2026, 0, 5 + 7 * i)).toISOString().slice(0, 10);
    const busy = city !== 'noida' && i % 2 === 0;
    return {
      week_start: monday,
      week_end: monday,
      dinners: busy ? 1 : 0,
      seats_sold: busy ? 6 + i : 0,
      show_booked: busy ? 6 + i : 0,
      show_checked_in: busy ? 5 + i : 0,
      show_rate: busy ? (5 + i) / (6 + i) : null,
      responses: busy ? 3 : 0,
      rating_evening: busy ? 4.5 : null,
      rating_host: busy ? 4 : null,
      rating_venue: busy ? 3.5 : null,
      guests: busy ? 6 : 0,
      repeat_guests: busy ? 1 : 0,
      mutual_matches: busy ? 1 : 0,
    };
  });

beforeEach(() => {
  queries = [];
  statsQueries = [];
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
          cities: [
            { slug: 'gurugram', name: 'Gurugram', blurb: '', status: 'available', position: 0, dinners: 30 },
            { slug: 'noida', name: 'Noida', blurb: '', status: 'coming_soon', position: 1, dinners: 0 },
          ],
        });
      if (url.pathname === '/api/admin/stats') {
        statsQueries.push(url.searchParams);
        const city = url.searchParams.get('city');
        return json({
          city: city ? { slug: city, name: city } : null,
          weeks: 12,
          from: '2026-01-05',
          to: '2026-03-29',
          series: statsWeeks(city),
        });
      }
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

  it('shows the last 12 weeks as charts, and one city’s when picked, with an empty state for a city without dinners', async () => {
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: CONSOLE_COPY.stats.heading(12) });
    const seats = await within(section).findByRole('figure', { name: CONSOLE_COPY.stats.seatsTitle });
    expect(within(seats).getByRole('img').getAttribute('aria-label')).toContain('66 seats in all');
    expect(within(section).getAllByRole('figure')).toHaveLength(5);
    expect(statsQueries[0].get('weeks')).toBe('12');
    expect(statsQueries[0].get('city')).toBeNull();
    expect(within(section).getByRole('link', { name: CONSOLE_COPY.stats.hostsLink }).getAttribute('href')).toBe(
      '/admin/hosts',
    );

    await user.selectOptions(within(section).getByLabelText(CONSOLE_COPY.stats.cityLabel), 'noida');
    await within(section).findByText(CONSOLE_COPY.stats.empty);
    expect(statsQueries.at(-1)?.get('city')).toBe('noida');
    expect(within(section).queryByRole('figure')).toBeNull();
    // The dinners' own city filter is another control, left as it was.
    expect(screen.getByLabelText('City')).toHaveProperty('value', '');
  });

  it('has no axe violations (jsdom: no contrast)', async () => {
    await screen.findByRole('table', { name: 'Dinners' });
    await screen.findByRole('figure', { name: CONSOLE_COPY.stats.seatsTitle });
    const result = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});
