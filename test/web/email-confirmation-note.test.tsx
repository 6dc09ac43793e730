import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentToasts } from '@/components/toast';
import type { Profile } from '@/features/profile/api/get-profile';
import { PersonalInfoCard } from '@/features/profile/components/personal-info-card';
import { COPY } from '@domain/copy';
import { EMAIL_CONFIRM_COPY } from '@domain/email-confirmation';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const profile = (over: Partial<Profile>): Profile => ({
  id: 'p1',
  full_name: 'Asha Rao',
  email: 'asha@example.com',
  email_verified: false,
  phone_number: '+919876543210',
  age: 30,
  sex: 'female',
  date_of_birth: '1995-06-15',
  relationship_status: 'single',
  work_profile: 'job',
  seat_with_women: false,
  ...over,
});

function renderCard(
  p: Profile,
  answer: { status: number; body: unknown } = { status: 200, body: { sent: true } },
  /** Holds the answer back until it settles, to see the page while the request is out. */
  hold?: Promise<void>,
) {
  const fetchMock = vi.fn(async () => {
    await hold;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const rootRoute = createRootRoute({ component: () => <PersonalInfoCard profile={p} /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/profile'] }) });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe("/profile's note beside an unconfirmed email", () => {
  it("says 'Not confirmed yet' and resends the link from the keyboard, focus kept on the button, with a toast", async () => {
    let answer = () => {};
    const fetchMock = renderCard(
      profile({ email_verified: false }),
      undefined,
      new Promise<void>((resolve) => {
        answer = resolve;
      }),
    );
    const user = userEvent.setup();
    expect(await screen.findByText(EMAIL_CONFIRM_COPY.notConfirmed)).toBeTruthy();
    const button = screen.getByRole('button', { name: EMAIL_CONFIRM_COPY.resend });
    // Keyboard only: Tab along the page until the button has focus, then Enter.
    for (let i = 0; i < 10 && document.activeElement !== button; i++) await user.tab();
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');

    // Sending: the button says so and is unavailable, yet keeps the focus; more presses send nothing.
    await screen.findByRole('button', { name: EMAIL_CONFIRM_COPY.resending });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(document.activeElement).toBe(button);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    answer();
    await waitFor(() => expect(currentToasts().some((t) => t.title === EMAIL_CONFIRM_COPY.resentTitle)).toBe(true));
    await screen.findByRole('button', { name: EMAIL_CONFIRM_COPY.resend });
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    expect(document.activeElement).toBe(button);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string | URL | Request, RequestInit | undefined];
    expect(String(url instanceof Request ? url.url : url)).toContain('/api/profile/email/resend');
    expect((url instanceof Request ? url.method : init?.method)?.toUpperCase()).toBe('POST');
  });

  it("shows the server's message when the resend is refused", async () => {
    renderCard(profile({ email_verified: false }), {
      status: 429,
      body: { error: { code: 'rate_limited', message: COPY.common.tooMany } },
    });
    fireEvent.click(await screen.findByRole('button', { name: EMAIL_CONFIRM_COPY.resend }));
    await waitFor(() => expect(currentToasts().some((t) => t.description === COPY.common.tooMany)).toBe(true));
  });

  it('shows nothing once the email is confirmed', async () => {
    renderCard(profile({ email_verified: true }));
    expect(await screen.findByText('asha@example.com')).toBeTruthy();
    expect(screen.queryByText(EMAIL_CONFIRM_COPY.notConfirmed)).toBeNull();
    expect(screen.queryByRole('button', { name: EMAIL_CONFIRM_COPY.resend })).toBeNull();
  });
});
