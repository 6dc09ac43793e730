/**
 * /profile's 'Your data' (issue 22): the download link, and 'Delete my account' — the preview read
 * when the dialog opens, the tick the deletion needs, the plain confirmation once it is done, and
 * no delete button while we owe the guest a refund.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATA_RIGHTS_COPY } from '@domain/copy-data-rights';
import { YourDataSection } from '@/features/data-rights/components/your-data-section';

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

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const preview = (over: Record<string, unknown> = {}) => ({
  goes: DATA_RIGHTS_COPY.goes,
  kept: DATA_RIGHTS_COPY.kept,
  kept_years: 8,
  bookings: [
    {
      id: 'bkg_1',
      event_name: 'Saturday Night Soirée — Gurugram',
      event_date: '2030-01-05',
      seats: 1,
      outcome: 'released',
      says: DATA_RIGHTS_COPY.releasedBooking,
    },
  ],
  notes: [DATA_RIGHTS_COPY.creditForfeit('₹300')],
  credit_balance: 300,
  can_delete: true,
  ...over,
});

function renderSection(fetchImpl: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => fetchImpl(String(input), init));
  vi.stubGlobal('fetch', fetchMock);
  const rootRoute = createRootRoute({ component: YourDataSection });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/profile'] }) });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { fetchMock, queryClient, router };
}

describe('Your data', () => {
  it('links to the JSON download', async () => {
    renderSection(() => json({}));
    const link = await screen.findByRole('link', { name: 'Download my data' });
    expect(link.getAttribute('href')).toBe('/api/me/export');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('shows what goes, what is kept and each booking, and deletes only once the box is ticked', async () => {
    const user = userEvent.setup();
    const { fetchMock, queryClient, router } = renderSection((_url, init) =>
      init?.method === 'DELETE' ? json({ erased: true }) : json(preview()),
    );
    queryClient.setQueryData(['session'], { user: { id: 'u1' } });
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: DATA_RIGHTS_COPY.dialogTitle });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: DATA_RIGHTS_COPY.cancel }));
    expect(await within(dialog).findByText(DATA_RIGHTS_COPY.releasedBooking)).toBeTruthy();
    expect(within(dialog).getByText(DATA_RIGHTS_COPY.kept)).toBeTruthy();
    expect(within(dialog).getByText('Your ₹300 credit is forfeited.')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: DATA_RIGHTS_COPY.confirmButton }));
    expect(within(dialog).getByRole('alert').textContent).toBe(DATA_RIGHTS_COPY.confirmRequired);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(within(dialog).getByRole('checkbox', { name: DATA_RIGHTS_COPY.confirmLabel }));
    await user.click(within(dialog).getByRole('button', { name: DATA_RIGHTS_COPY.confirmButton }));
    const done = await screen.findByRole('button', { name: 'Go to the home page' });
    expect(screen.getByText(DATA_RIGHTS_COPY.deletedText)).toBeTruthy();
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(call?.[0]).toBe('/api/me');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ confirm: true });
    expect(document.activeElement).toBe(done);

    await user.click(done);
    expect(queryClient.getQueryData(['session'])).toEqual({ user: null });
    expect(router.state.location.pathname).toBe('/');
  });

  it('offers no deletion while we owe the guest a refund for a dinner we cancelled', async () => {
    const user = userEvent.setup();
    renderSection(() =>
      json(
        preview({
          can_delete: false,
          bookings: [{ ...preview().bookings[0], outcome: 'refund_first', says: DATA_RIGHTS_COPY.refundFirst }],
        }),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: DATA_RIGHTS_COPY.dialogTitle });
    expect(await within(dialog).findByText(DATA_RIGHTS_COPY.refundFirst)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: DATA_RIGHTS_COPY.confirmButton })).toBeNull();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
  });

  it('offers no deletion while a grievance waits for the officer’s reply, and says so', async () => {
    const user = userEvent.setup();
    renderSection(() => json(preview({ can_delete: false, notes: [DATA_RIGHTS_COPY.grievanceOpen] })));
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: DATA_RIGHTS_COPY.dialogTitle });
    expect(await within(dialog).findByText(DATA_RIGHTS_COPY.grievanceOpen)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: DATA_RIGHTS_COPY.confirmButton })).toBeNull();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
  });
});
