/**
 * The console's side of issue 21's safety (web/src/features/admin/components/reports-page.tsx and
 * suspend-guest.tsx): reports as the server orders them, with the dinner, the reporter and the
 * guest concerned; "Mark resolved"; "Suspend guest" says what will happen (the refunds, from the
 * server) before anything does, needs a reason (the API's own schema, the field focused), and a
 * guest already suspended is offered "Lift suspension" instead. The API is mocked at fetch.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentToasts, dismiss } from '@/components/toast';
import type { AdminReport } from '@/features/admin/api/reports-api';
import { ReportsPage } from '@/features/admin/components/reports-page';
import { REPORTS_CONSOLE_COPY, SUSPENSION_COPY } from '@domain/copy-reports';

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
  for (const t of currentToasts()) dismiss(t.id);
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const R = REPORTS_CONSOLE_COPY;
const S = SUSPENSION_COPY;

const report = (over: Partial<AdminReport> & Pick<AdminReport, 'id'>): AdminReport => ({
  category: 'venue',
  category_label: 'Venue',
  urgent: false,
  status: 'open',
  description: 'The food came an hour late.',
  created_at: '2030-01-05T17:00:00.000Z',
  resolved_at: null,
  booking_id: 'bkg_1',
  event: { id: 'evt-1', title: 'Saturday Supper', date: '2030-01-05', starts_at: '2030-01-05T13:30:00.000Z' },
  reporter: { id: 'u-asha', name: 'Asha Rao' },
  about: null,
  ...over,
});

const REPORTS = [
  report({
    id: 'rpt_urgent',
    category: 'harassment',
    category_label: 'Harassment',
    urgent: true,
    description: 'He kept touching my arm.',
    about: { id: 'u-ravi', name: 'Ravi Kumar', suspended_at: null, can_suspend: true },
  }),
  report({ id: 'rpt_venue' }),
];

type Call = { method: string; url: string; body: unknown };

function renderPage(preview: unknown) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (url.includes('/api/admin/reports?')) return json({ reports: REPORTS });
      if (url.endsWith('/api/admin/reports/rpt_venue/resolve'))
        return json({ report: { ...REPORTS[1], status: 'resolved' } });
      if (url.endsWith('/api/admin/users/u-ravi/suspension')) return json(preview);
      if (url.endsWith('/api/admin/users/u-ravi/suspend') && method === 'POST')
        return json({
          user: { id: 'u-ravi', suspended_at: '2030-01-06T10:00:00.000Z' },
          newly_suspended: true,
          refunds: [{ booking_id: 'bkg_9', refund: '₹499' }],
          refunds_queued: true,
        });
      if (url.endsWith('/api/admin/users/u-ravi/suspend') && method === 'DELETE')
        return json({ user: { id: 'u-ravi', suspended_at: null } });
      return json({ error: { code: 'not_found', message: 'Not found.' } }, 404);
    }),
  );
  const rootRoute = createRootRoute({ component: ReportsPage });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/admin/reports'] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls };
}

const PREVIEW = {
  user: { id: 'u-ravi', name: 'Ravi Kumar', role: 'guest', suspended_at: null },
  can_suspend: true,
  future_bookings: [
    {
      booking_id: 'bkg_9',
      event_id: 'evt-9',
      event_title: 'Friday Feast',
      starts_at: '2030-01-12T13:30:00.000Z',
      amount: 499,
      credit: 0,
    },
  ],
  refund_total: 499,
  credit_total: 0,
};

describe('the reports page', () => {
  it('lists the reports in the server’s order with the dinner, the reporter and the guest concerned, and resolves one', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(PREVIEW);
    const cards = await screen.findAllByTestId('report');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Harassment or unwanted behaviour',
      'A problem with the venue',
    ]);
    const urgent = cards[0];
    expect(within(urgent).getByText(R.urgent)).toBeTruthy();
    expect(within(urgent).getByText('Asha Rao')).toBeTruthy();
    expect(within(urgent).getByText('Ravi Kumar')).toBeTruthy();
    expect(
      within(urgent)
        .getByRole('link', { name: /Saturday Supper/ })
        .getAttribute('href'),
    ).toBe('/admin/events/evt-1');
    expect(within(cards[1]).getByText(R.nobody)).toBeTruthy();
    expect(within(cards[1]).queryByRole('button', { name: new RegExp(R.suspend) })).toBeNull();

    await user.click(within(cards[1]).getByRole('button', { name: R.markResolved }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/api/admin/reports/rpt_venue/resolve'))).toBe(
        true,
      ),
    );
  });

  it('says what a suspension does before it happens, needs a reason, then suspends', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(PREVIEW);
    const [urgent] = await screen.findAllByTestId('report');
    await user.click(within(urgent).getByRole('button', { name: `${R.suspend}: Ravi Kumar` }));
    const dialog = await screen.findByRole('dialog', { name: S.console.dialogTitle('Ravi Kumar') });
    const effects = await within(dialog).findByTestId('suspension-effects');
    expect(effects.textContent).toContain('cancels their upcoming booking and refunds ₹499 in full');
    expect(within(dialog).getByText(/Friday Feast/)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: S.console.confirm }));
    const reason = within(dialog).getByLabelText(S.console.reason);
    await waitFor(() => expect(document.activeElement).toBe(reason));
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText(S.invalid.reason)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.url.includes('/suspend'))).toEqual([]);

    await user.type(reason, 'Two reports of harassment.');
    await user.click(within(dialog).getByRole('button', { name: S.console.confirm }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/api/admin/users/u-ravi/suspend'))).toEqual([
        { method: 'POST', url: expect.stringContaining('/suspend'), body: { reason: 'Two reports of harassment.' } },
      ]),
    );
    await waitFor(() => expect(currentToasts().map((t) => t.description)).toContain(S.console.done('Ravi Kumar', 1)));
  });

  it('offers to lift the suspension of a guest already suspended', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({
      ...PREVIEW,
      user: { ...PREVIEW.user, suspended_at: '2030-01-06T10:00:00.000Z' },
      future_bookings: [],
      refund_total: 0,
    });
    const [urgent] = await screen.findAllByTestId('report');
    await user.click(within(urgent).getByRole('button', { name: `${R.suspend}: Ravi Kumar` }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: S.console.lift }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/api/admin/users/u-ravi/suspend'))).toBe(true),
    );
    expect(within(dialog).queryByRole('button', { name: S.console.confirm })).toBeNull();
  });
});
