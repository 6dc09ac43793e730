import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUIZ_DEFAULTS } from '../../worker/domain/quiz';
import { afterConsentTarget, postSignInTarget } from '@/features/auth/hooks/use-post-sign-in-redirect';
import { MarketingConsentSection } from '@/features/consent/components/marketing-consent-section';
import { useCheckout } from '@/features/checkout/hooks/use-checkout';
import { ConsentNotice } from '@/features/consent/components/consent-notice';
import { reloadPage } from '@/features/consent/lib/reload-page';
import { useQuizFlow } from '@/features/quiz/hooks/use-quiz-flow';
import { WaitlistPanel } from '@/features/waitlist/components/waitlist-panel';

vi.mock('@/features/consent/lib/reload-page', () => ({ reloadPage: vi.fn() }));

const answers = { ...QUIZ_DEFAULTS, music_genres: ['Rock'], movie_genres: ['Horror', 'Drama', 'Comedy'] };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let requests: Array<{ method: string; url: string; body: unknown }>;
let marketing: boolean;
let noticeOutdated: boolean;
const consentRequired = () =>
  json({ error: { code: 'consent_required', message: 'Please read and agree to how we use your data.' } }, 403);

beforeEach(() => {
  localStorage.clear();
  requests = [];
  marketing = false;
  noticeOutdated = false;
  vi.mocked(reloadPage).mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      requests.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.includes('/api/auth/session'))
        return json({
          user: { id: 'u1', email: null, phone: '+919876543210', full_name: null },
          profile: null,
          quiz_completed: false,
          consent_required: true,
          next: '/consent',
        });
      if (url.includes('/api/quiz') && method === 'GET') return json({ completed: false });
      if (url.includes('/api/orders') && method === 'POST') return consentRequired();
      if (url.includes('/waitlist') && method === 'POST') return consentRequired();
      if (url.includes('/waitlist') && method === 'GET') return json({ entry: null });
      if (url.includes('/api/me/consents') && method === 'PUT' && noticeOutdated)
        return json({ error: { code: 'notice_outdated', message: 'The notice has changed.' } }, 409);
      if (url.includes('/api/me/consents')) {
        if (method === 'PUT')
          marketing = Boolean((JSON.parse(String(init?.body)) as { marketing?: boolean }).marketing);
        return json({
          notice_version: '2026-11-26',
          current_notice_version: '2026-11-26',
          notice_required: false,
          marketing,
        });
      }
      return json({ error: { code: 'not_found', message: 'Not found.' } }, 404);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('where the consent notice sits in the sign-in redirect (issue 22)', () => {
  it('the notice comes first, even before pending quiz answers, carrying only a same-site path', () => {
    localStorage.setItem('pendingQuizData', JSON.stringify(answers));
    expect(postSignInTarget('/consent', '/booking/b1')).toEqual({
      to: '/consent',
      search: { redirect: '/booking/b1' },
    });
    expect(postSignInTarget('/consent', '//evil.example/')).toEqual({
      to: '/consent',
      search: { redirect: undefined },
    });
    expect(postSignInTarget('/quiz')).toEqual({ to: '/quiz' });
  });

  it('after agreeing: pending answers first, then where the guest was going, then the server’s next', () => {
    expect(afterConsentTarget('/quiz', '/profile-details')).toBe('/profile-details');
    expect(afterConsentTarget('/events', '/consent?redirect=/x')).toBe('/events');
    expect(afterConsentTarget('/profile-details')).toBe('/profile-details');
    localStorage.setItem('pendingQuizData', JSON.stringify(answers));
    expect(afterConsentTarget('/quiz', '/profile-details')).toBe('/quiz');
  });
});

function renderAt(path: string, routes: Record<string, () => JSX.Element>) {
  const rootRoute = createRootRoute();
  const router = createRouter({
    routeTree: rootRoute.addChildren(
      Object.entries(routes).map(([p, component]) =>
        createRoute({ getParentRoute: () => rootRoute, path: p, component }),
      ),
    ),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function QuizUnderTest() {
  const { phase } = useQuizFlow();
  return <p>{phase}</p>;
}

describe('the quiz without the notice agreed', () => {
  it('sends the signed-in guest to the notice, keeping the pending answers and posting nothing', async () => {
    localStorage.setItem('pendingQuizData', JSON.stringify(answers));
    const router = renderAt('/quiz', { '/quiz': QuizUnderTest, '/consent': () => <h1>Notice</h1> });
    expect(await screen.findByText('Notice')).toBeTruthy();
    expect(router.state.location.search).toEqual({ redirect: '/quiz' });
    expect(localStorage.getItem('pendingQuizData')).not.toBeNull();
    expect(requests.filter((r) => r.url.includes('/api/quiz') && r.method === 'POST')).toEqual([]);
  });
});

function BookNow() {
  const { start } = useCheckout('A dinner');
  return (
    <button type="button" onClick={() => void start({ event_id: 'e1', ticket_type: 'male' })}>
      Book Now
    </button>
  );
}

function Panel() {
  return <WaitlistPanel eventId="e1" tickets={[{ type: 'male', label: 'Male', price: 1500, seats: 1 }]} />;
}

const onAgreed = vi.fn();
function Notice() {
  return <ConsentNotice onAgreed={onAgreed} onDecline={() => undefined} />;
}

describe('a booking or a waitlist place refused for want of the current notice (403 consent_required)', () => {
  it('Book Now sends the guest to the notice, carrying the dinner to come back to', async () => {
    const router = renderAt('/event/e1', { '/event/$id': BookNow, '/consent': () => <h1>Notice</h1> });
    fireEvent.click(await screen.findByRole('button', { name: 'Book Now' }));
    expect(await screen.findByText('Notice')).toBeTruthy();
    expect(router.state.location.search).toEqual({ redirect: '/event/e1' });
  });

  it('Join the waitlist does the same', async () => {
    const router = renderAt('/event/e1', { '/event/$id': Panel, '/consent': () => <h1>Notice</h1> });
    fireEvent.click(await screen.findByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText('Notice')).toBeTruthy();
    expect(router.state.location.search).toEqual({ redirect: '/event/e1' });
  });
});

describe('a notice older than the server’s (409 notice_outdated)', () => {
  it('reloads the page so the guest reads and agrees to the current notice, instead of going on showing the old one', async () => {
    noticeOutdated = true;
    renderAt('/consent', { '/consent': Notice });
    fireEvent.click(await screen.findByRole('button', { name: 'I agree' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(onAgreed).not.toHaveBeenCalled();
  });
});

describe('MarketingConsentSection', () => {
  it('a labelled switch, off by default, saved the moment it changes', async () => {
    renderAt('/profile', { '/profile': MarketingConsentSection });
    const toggle = await screen.findByRole('switch', { name: 'Send me newsletters and offers' });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([
      expect.objectContaining({ body: { marketing: true } }),
    ]);
    fireEvent.click(toggle);
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
  });
});
