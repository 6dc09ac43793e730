import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DINNER_SHARE_COPY } from '@domain/copy-dinner-share';
import type { ShareState } from '@/features/dinner-share/api/dinner-share';
import type { SharedDinner } from '@/features/dinner-share/api/shared-dinner';
import { ShareDinnerSection } from '@/features/dinner-share/components/share-dinner-section';
import { SharedDinnerPage } from '@/features/dinner-share/components/shared-dinner-page';

const C = DINNER_SHARE_COPY;
const TOKEN = 'Zk3v9QmB2xYwR7tLpN4sH8dJ6cF1aE0gU5iO-_qWzXy';

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
  for (const meta of document.head.querySelectorAll('meta[name="robots"]')) meta.remove();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const noLink: ShareState = { share: null, can_share: true, refusal: null };
const withLink: ShareState = {
  share: {
    token: TOKEN,
    path: `/shared/${TOKEN}`,
    created_at: '2026-11-20T10:00:00.000Z',
    // Midnight IST ending Sunday 29 November: the day after a Saturday dinner.
    open_until: '2026-11-29T18:30:00.000Z',
    live: true,
  },
  can_share: true,
  refusal: null,
};

/** Renders `children` inside a router and a fresh query client, with `fetch` answering by `respond`. */
function renderWith(children: ReactNode, respond: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => respond(String(input), init));
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rootRoute = createRootRoute({ component: () => children });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(url)}`);

describe("My Booking's 'Share my dinner'", () => {
  it('creates the link, focuses it, and copies it to the clipboard', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const fetchMock = renderWith(<ShareDinnerSection bookingId="bkg_1" />, (_url, init) =>
      init?.method === 'POST' ? json(withLink, 201) : json(noLink),
    );
    const section = await screen.findByRole('region', { name: C.section.title });
    expect(within(section).getByText(C.section.intro)).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: C.section.create }));

    const link = await within(section).findByRole('textbox', { name: C.section.linkLabel });
    expect((link as HTMLInputElement).value).toBe(`${window.location.origin}/shared/${TOKEN}`);
    await waitFor(() => expect(document.activeElement).toBe(link));
    expect(link.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(section).getByText(C.section.live('Sunday, 29 November 2026'))).toBeTruthy();
    expect(calls(fetchMock)).toContain('POST /api/bookings/bkg_1/share');

    await userEvent.click(within(section).getByRole('button', { name: C.section.copy }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/shared/${TOKEN}`);
    expect((await within(section).findByTestId('share-notice')).textContent).toBe(C.section.copied);
    // No share sheet in this browser: no button for it.
    expect(within(section).queryByRole('button', { name: C.section.share })).toBeNull();
  });

  it('without a clipboard, selects the link and says to copy it from there', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
    });
    document.execCommand = vi.fn(() => false);
    renderWith(<ShareDinnerSection bookingId="bkg_1" />, () => json(withLink));
    const section = await screen.findByRole('region', { name: C.section.title });
    await userEvent.click(within(section).getByRole('button', { name: C.section.copy }));
    expect((await within(section).findByTestId('share-notice')).textContent).toBe(C.section.copyFailed);
    const link = within(section).getByRole('textbox', { name: C.section.linkLabel }) as HTMLInputElement;
    expect(document.activeElement).toBe(link);
    expect([link.selectionStart, link.selectionEnd]).toEqual([0, link.value.length]);
  });

  it("sends the link with the phone's share sheet where there is one", async () => {
    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    renderWith(<ShareDinnerSection bookingId="bkg_1" />, () => json(withLink));
    const section = await screen.findByRole('region', { name: C.section.title });
    await userEvent.click(within(section).getByRole('button', { name: C.section.share }));
    expect(share).toHaveBeenCalledWith({
      title: C.section.shareTitle,
      text: C.section.shareText,
      url: `${window.location.origin}/shared/${TOKEN}`,
    });
  });

  it("turns the link off only after the confirmation ('Keep it on' first), then offers a new one", async () => {
    const fetchMock = renderWith(<ShareDinnerSection bookingId="bkg_1" />, (_url, init) =>
      init?.method === 'DELETE' ? json(noLink) : json(withLink),
    );
    const section = await screen.findByRole('region', { name: C.section.title });
    await userEvent.click(within(section).getByRole('button', { name: C.section.turnOff }));
    const dialog = screen.getByRole('dialog', { name: C.section.confirmTitle });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: C.section.keep }));

    // Keeping it changes nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: C.section.keep }));
    expect(calls(fetchMock).some((c) => c.startsWith('DELETE'))).toBe(false);
    expect(within(section).getByRole('textbox', { name: C.section.linkLabel })).toBeTruthy();

    await userEvent.click(within(section).getByRole('button', { name: C.section.turnOff }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: C.section.confirmTitle })).getByRole('button', {
        name: C.section.confirm,
      }),
    );
    const notice = await within(section).findByTestId('share-notice');
    expect(notice.textContent).toBe(C.section.turnedOff);
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(calls(fetchMock)).toContain('DELETE /api/bookings/bkg_1/share');
    expect(within(section).queryByRole('textbox')).toBeNull();
    expect(within(section).getByRole('button', { name: C.section.create })).toBeTruthy();
  });

  it("says why a link can't be made when the server refuses, and shows nothing for a booking that can't be shared", async () => {
    renderWith(<ShareDinnerSection bookingId="bkg_1" />, (_url, init) =>
      init?.method === 'POST'
        ? json({ error: { code: 'share_unavailable', message: C.refusal.dinner_cancelled } }, 409)
        : json(noLink),
    );
    const section = await screen.findByRole('region', { name: C.section.title });
    await userEvent.click(within(section).getByRole('button', { name: C.section.create }));
    expect((await within(section).findByTestId('share-notice')).textContent).toBe(C.refusal.dinner_cancelled);
    cleanup();

    const fetchMock = renderWith(<ShareDinnerSection bookingId="bkg_1" />, () =>
      json({ share: null, can_share: false, refusal: C.refusal.not_seated }),
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('region', { name: C.section.title })).toBeNull();
  });

  it('a link that no longer shows the dinner says so, and can still be turned off', async () => {
    renderWith(<ShareDinnerSection bookingId="bkg_1" />, () =>
      json({ ...withLink, can_share: false, share: { ...withLink.share, live: false } }),
    );
    const section = await screen.findByRole('region', { name: C.section.title });
    expect(within(section).getByTestId('share-ended').textContent).toBe(C.section.ended);
    expect(within(section).queryByRole('button', { name: C.section.copy })).toBeNull();
    expect(within(section).getByRole('button', { name: C.section.turnOff })).toBeTruthy();
  });
});

const shared = (venue: Partial<SharedDinner['venue']> = {}): SharedDinner => ({
  shared_by: 'Asha',
  dinner: {
    title: 'Saturday Night Soirée',
    location: 'Gurugram',
    date: '2026-11-28',
    starts_at: '2026-11-28T13:30:00.000Z',
    ends_at: '2026-11-28T16:30:00.000Z',
    time: '7:00\u00a0PM\u00a0- 10:00\u00a0PM',
  },
  venue: { revealed: false, reveals_at: '2026-11-26T13:30:00.000Z', name: null, address: null, ...venue },
  open_until: '2026-11-29T18:30:00.000Z',
});

describe('the shared page (/shared/:token)', () => {
  it('shows whose dinner, when, and when the venue will be revealed; marks itself noindex', async () => {
    const fetchMock = renderWith(<SharedDinnerPage token={TOKEN} />, () => json(shared()));
    const heading = await screen.findByRole('heading', { level: 1, name: "Asha's dinner" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(calls(fetchMock)).toEqual([`GET /api/shared/${TOKEN}`]);
    expect(screen.getByTestId('shared-by').textContent).toBe(C.page.sharedBy('Asha'));
    expect(screen.getByRole('heading', { level: 2, name: 'Saturday Night Soirée' })).toBeTruthy();
    expect(screen.getByTestId('shared-date').textContent).toBe('Saturday, 28 November 2026');
    expect(screen.getByTestId('shared-time').textContent).toBe('7:00\u00a0PM\u00a0- 10:00\u00a0PM');
    expect(screen.getByTestId('shared-venue').textContent).toBe(
      C.page.venueLater('Thursday, 26 November 2026, 7:00 PM'),
    );
    expect(screen.getByText(C.page.privacy)).toBeTruthy();
    expect(document.title).toBe(`${C.page.tabTitle} — Tablemates`);
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
  });

  it('shows the venue and its address once revealed, with a map link that sends no referrer', async () => {
    renderWith(<SharedDinnerPage token={TOKEN} />, () =>
      json(shared({ revealed: true, name: 'The Secret Table', address: '1 Hidden Lane' })),
    );
    const venue = await screen.findByTestId('shared-venue');
    expect(within(venue).getByText('The Secret Table')).toBeTruthy();
    expect(within(venue).getByText('1 Hidden Lane')).toBeTruthy();
    const map = within(venue).getByRole('link', { name: `${C.page.map} ${C.page.mapNewTab}` });
    expect(map.getAttribute('href')).toBe(
      'https://www.google.com/maps/search/?api=1&query=The%20Secret%20Table%2C%201%20Hidden%20Lane',
    );
    expect(map.getAttribute('rel')).toBe('noreferrer');
  });

  it('says the link is no longer active, and why, for each 404', async () => {
    for (const [code, reason] of [
      ['share_not_found', C.inactive.not_found],
      ['share_dinner_cancelled', C.inactive.dinner_cancelled],
      ['share_booking_ended', C.inactive.booking_ended],
      ['share_expired', C.inactive.expired],
    ] as const) {
      renderWith(<SharedDinnerPage token={TOKEN} />, () => json({ error: { code, message: 'x' } }, 404));
      expect(await screen.findByRole('heading', { level: 1, name: C.inactive.title })).toBeTruthy();
      expect(screen.getByTestId('shared-inactive').textContent).toBe(reason);
      expect(screen.queryByRole('heading', { level: 1, name: /dinner/ })).toBeNull();
      cleanup();
    }
  });

  it('offers to try again when the dinner could not be loaded', { timeout: 10_000 }, async () => {
    let fail = true;
    renderWith(<SharedDinnerPage token={TOKEN} />, () =>
      fail ? json({ error: { code: 'internal', message: 'x' } }, 500) : json(shared()),
    );
    // The page's own two retries first (1 s, then 2 s), as any passing failure gets.
    expect(await screen.findByRole('heading', { level: 1, name: C.page.loadFailed }, { timeout: 6000 })).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: C.page.retry }));
    expect(await screen.findByRole('heading', { level: 1, name: "Asha's dinner" })).toBeTruthy();
  });

  it('names nobody when the guest has no name on file', async () => {
    renderWith(<SharedDinnerPage token={TOKEN} />, () => json({ ...shared(), shared_by: null }));
    expect(await screen.findByRole('heading', { level: 1, name: 'A Tablemates dinner' })).toBeTruthy();
    expect(screen.getByTestId('shared-by').textContent).toBe(C.page.sharedBy(null));
  });
});
