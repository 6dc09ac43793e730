/**
 * /verify-email, where a "Confirm your email" link lands (docs/decisions/026): every state has its
 * heading; one live region stays mounted and changes its words, so the result is announced; when
 * the server answers, focus moves to the result's heading. The API is mocked at fetch.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route as VerifyEmailRoute } from '@/routes/verify-email';
import { EMAIL_CONFIRM_COPY } from '@domain/email-confirmation';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Opens /verify-email at `search`; the confirmation's answer waits until `answer()` is called. */
function openPage(search: string, verified: () => Response) {
  let answer = () => {};
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const path = new URL(request.url).pathname;
    if (path === '/api/auth/session') return json({ user: null });
    if (request.method === 'POST' && path === '/api/profile/email/verify') {
      await held;
      return verified();
    }
    return json({ error: { code: 'error', message: `unexpected ${request.method} ${path}` } }, 500);
  });
  vi.stubGlobal('fetch', fetchMock);
  const rootRoute = createRootRoute();
  const route = VerifyEmailRoute.update({
    id: '/verify-email',
    path: '/verify-email',
    getParentRoute: () => rootRoute,
  } as never);
  const router = createRouter({
    routeTree: rootRoute.addChildren([route]),
    history: createMemoryHistory({ initialEntries: [`/verify-email${search}`] }),
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { answer, fetchMock };
}

const verifyCalls = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.filter(([input]) =>
    String(input instanceof Request ? input.url : input).includes('/email/verify'),
  );

describe('/verify-email', () => {
  it('while confirming: a heading and a status saying so; the result then updates that same status, focus on its heading', async () => {
    const { answer, fetchMock } = openPage('?token=good', () => json({ email_verified: true }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Confirm your email' });
    const status = screen.getByRole('status');
    expect(status.textContent).toBe(EMAIL_CONFIRM_COPY.confirming);
    await waitFor(() => expect(verifyCalls(fetchMock)).toHaveLength(1));
    expect(screen.queryByRole('link', { name: EMAIL_CONFIRM_COPY.toProfile })).toBeNull();

    answer();
    await screen.findByRole('heading', { level: 1, name: EMAIL_CONFIRM_COPY.confirmed });
    // The same elements, their words changed: a live region replaced by another is never read out.
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
    expect(screen.getByRole('status')).toBe(status);
    expect(status.textContent).toBe(EMAIL_CONFIRM_COPY.confirmedText);
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(screen.getByRole('link', { name: EMAIL_CONFIRM_COPY.toProfile }).getAttribute('href')).toBe('/profile');
    expect(document.title).toContain(EMAIL_CONFIRM_COPY.confirmed);
  });

  it("a refused link: the server's reason in the same status, focus on the failure's heading", async () => {
    const { answer } = openPage('?token=stale', () =>
      json({ error: { code: 'invalid_token', message: EMAIL_CONFIRM_COPY.staleLink } }, 400),
    );
    const heading = await screen.findByRole('heading', { level: 1, name: 'Confirm your email' });
    const status = screen.getByRole('status');

    answer();
    await screen.findByRole('heading', { level: 1, name: EMAIL_CONFIRM_COPY.failedTitle });
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
    expect(screen.getByRole('status')).toBe(status);
    expect(status.textContent).toBe(EMAIL_CONFIRM_COPY.staleLink);
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('link', { name: EMAIL_CONFIRM_COPY.toProfile })).toBeTruthy();
  });

  it('no token at all: says the link is invalid at once, asking the server nothing', async () => {
    const { fetchMock } = openPage('', () => json({ email_verified: true }));
    await screen.findByRole('heading', { level: 1, name: EMAIL_CONFIRM_COPY.failedTitle });
    expect(screen.getByRole('status').textContent).toBe(EMAIL_CONFIRM_COPY.invalidLink);
    expect(verifyCalls(fetchMock)).toHaveLength(0);
  });
});
