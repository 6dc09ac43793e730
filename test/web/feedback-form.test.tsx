/**
 * The morning-after form (issue 21): the API's own schema stops a bad answer before any request
 * (three ratings; a contact as soon as one tablemate gets 'Would dine again'); what is sent names
 * only the tablemates answered and carries a contact only with an 'again'; a mutual one shows the
 * other's contact; a saved answer says so; the closed and not-checked-in states have no form.
 * The API is mocked at fetch.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FEEDBACK_COPY } from '@domain/copy-feedback';
import type { FeedbackView } from '@/features/feedback/api/get-feedback';
import { initialValues, toBody, validate } from '@/features/feedback/components/feedback-form';
import { FeedbackPage } from '@/features/feedback/components/feedback-page';

vi.mock('@/components/toast', async (original) => ({
  ...(await original<typeof import('@/components/toast')>()),
  toast: vi.fn(),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const T = FEEDBACK_COPY;
const ASHA = 'a'.repeat(24);
const ROHAN = 'b'.repeat(24);

function page(over: Partial<FeedbackView> = {}): FeedbackView {
  return {
    booking_id: 'bkg_1',
    dinner: {
      title: 'Saturday Supper',
      date: '2030-01-05',
      starts_at: '2030-01-05T13:30:00.000Z',
      ends_at: '2030-01-05T16:30:00.000Z',
    },
    state: 'open',
    opens_at: '2030-01-05T16:30:00.000Z',
    closes_at: '2030-01-12T16:30:00.000Z',
    feedback: null,
    tablemates: [
      { ref: ASHA, name: 'Asha R.', table_number: 2, verdict: null, contact: null },
      { ref: ROHAN, name: 'Rohan I.', table_number: 2, verdict: null, contact: null },
    ],
    own_whatsapp: '+919876543210',
    ...over,
  };
}

function renderPage(
  view: FeedbackView,
  put: (body: Record<string, unknown>) => Response = (b) => json(saved(view, b)),
) {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/api/bookings/bkg_1/feedback') && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        sent.push(body);
        return put(body);
      }
      if (url.endsWith('/api/bookings/bkg_1/feedback')) return json(view);
      if (url.endsWith('/api/bookings/other/feedback'))
        return json({ error: { code: 'booking_not_found', message: 'Booking not found.' } }, 404);
      return json({ error: { code: 'not_found', message: 'Not found.' } }, 404);
    }),
  );
  const rootRoute = createRootRoute({ component: () => <FeedbackPage bookingId={view.booking_id} /> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [`/feedback/${view.booking_id}`] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { sent };
}

/** The page as the API answers a save: what was sent, with a mutual contact for Asha when `mutual`. */
function saved(view: FeedbackView, body: Record<string, unknown>, mutual = false): FeedbackView {
  const verdicts = new Map((body.tablemates as { ref: string; verdict: string }[]).map((t) => [t.ref, t.verdict]));
  return {
    ...view,
    feedback: {
      evening: body.evening as number,
      host: body.host as number,
      venue: body.venue as number,
      note: (body.note as string | null) ?? null,
      share: (body.share as { kind: 'whatsapp'; value: string } | null) ?? null,
      updated_at: '2030-01-06T05:00:00.000Z',
    },
    tablemates: view.tablemates.map((t) => ({
      ...t,
      verdict: (verdicts.get(t.ref) as 'again' | 'rather_not' | undefined) ?? null,
      contact: mutual && t.ref === ASHA ? { kind: 'instagram', value: 'asha.travels' } : null,
    })),
  };
}

const rate = async (user: ReturnType<typeof userEvent.setup>, legend: string, stars: number) =>
  user.click(within(screen.getByRole('group', { name: legend })).getByRole('radio', { name: T.star(stars) }));

describe('the form’s rules (the API’s own schema)', () => {
  it('asks for the three ratings, and for a contact once someone gets a "dine again"', () => {
    const values = initialValues(page());
    expect(validate(values)).toEqual({
      evening: T.errors.evening,
      host: T.errors.host,
      venue: T.errors.venue,
    });
    const rated = { ...values, evening: 5, host: 4, venue: 3 };
    expect(validate(rated)).toEqual({});
    const again = { ...rated, verdicts: { [ASHA]: 'again' as const, [ROHAN]: 'none' as const } };
    // The sign-in phone is offered: valid as it is.
    expect(validate(again)).toEqual({});
    expect(validate({ ...again, shareValues: { ...again.shareValues, whatsapp: '' } })).toEqual({
      share: T.errors.whatsapp,
    });
    expect(validate({ ...again, shareKind: 'instagram' })).toEqual({ share: T.errors.instagram });
    expect(validate({ ...again, shareKind: 'email', shareValues: { ...again.shareValues, email: 'asha@' } })).toEqual({
      share: T.errors.email,
    });
  });

  it('sends only the tablemates answered, and a contact only with an "again"', () => {
    const values = { ...initialValues(page()), evening: 5, host: 4, venue: 3, note: '  ' };
    const quiet = { ...values, verdicts: { [ASHA]: 'rather_not' as const, [ROHAN]: 'none' as const } };
    expect(toBody(quiet)).toEqual({
      evening: 5,
      host: 4,
      venue: 3,
      note: null,
      tablemates: [{ ref: ASHA, verdict: 'rather_not' }],
      share: null,
    });
    const again = { ...quiet, verdicts: { [ASHA]: 'again' as const, [ROHAN]: 'none' as const } };
    expect(toBody(again).share).toEqual({ kind: 'whatsapp', value: '+919876543210' });
  });
});

describe('the feedback page', () => {
  it('shows the messages, focused on the first, and sends nothing until the answers are right', async () => {
    const user = userEvent.setup();
    const { sent } = renderPage(page({ own_whatsapp: null }));
    await screen.findByText('Thank you for coming to Saturday Supper on 5 Jan 2030.');
    expect(screen.getByRole('heading', { level: 1, name: T.heading })).toBeTruthy();
    expect(screen.getByRole('heading', { name: T.tablematesHeading(2) })).toBeTruthy();
    // No contact is asked for until someone gets an 'again'.
    expect(screen.queryByRole('group', { name: T.shareHeading })).toBeNull();

    await user.click(screen.getByRole('button', { name: T.save }));
    expect(screen.getByText(T.errors.evening)).toBeTruthy();
    expect(screen.getByText(T.errors.host)).toBeTruthy();
    expect(document.activeElement).toBe(
      within(screen.getByRole('group', { name: T.ratings.evening })).getByRole('radio', { name: T.star(1) }),
    );

    await rate(user, T.ratings.evening, 4);
    await rate(user, T.ratings.host, 5);
    await rate(user, T.ratings.venue, 3);
    expect(screen.queryByText(T.errors.evening)).toBeNull();
    await user.click(
      within(screen.getByRole('group', { name: 'Asha R.' })).getByRole('radio', { name: T.verdicts.again }),
    );
    // A guest without a sign-in phone: the WhatsApp field is empty and required.
    expect(screen.getByRole('group', { name: T.shareHeading })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(screen.getByText(T.errors.whatsapp)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(T.shareKinds.whatsapp));
    expect(sent).toEqual([]);
  });

  it('saves, says so, and shows a mutual tablemate’s contact', async () => {
    const user = userEvent.setup();
    const view = page();
    const { sent } = renderPage(view, (b) => json(saved(view, b, true)));
    await screen.findByText('Thank you for coming to Saturday Supper on 5 Jan 2030.');
    await rate(user, T.ratings.evening, 5);
    await rate(user, T.ratings.host, 4);
    await rate(user, T.ratings.venue, 4);
    await user.type(screen.getByLabelText(T.note), 'The host was lovely.');
    await user.click(
      within(screen.getByRole('group', { name: 'Asha R.' })).getByRole('radio', { name: T.verdicts.again }),
    );
    await user.click(
      within(screen.getByRole('group', { name: 'Rohan I.' })).getByRole('radio', { name: T.verdicts.rather_not }),
    );
    await user.click(within(screen.getByRole('group', { name: T.shareHeading })).getByRole('radio', { name: 'Email' }));
    await user.type(screen.getByLabelText(T.shareKinds.email), 'Me@Example.in');
    await user.click(screen.getByRole('button', { name: T.save }));

    const status = await screen.findByTestId('feedback-saved');
    expect(status.textContent).toContain('Thank you! Your feedback is saved.');
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(sent).toEqual([
      {
        evening: 5,
        host: 4,
        venue: 4,
        note: 'The host was lovely.',
        tablemates: [
          { ref: ASHA, verdict: 'again' },
          { ref: ROHAN, verdict: 'rather_not' },
        ],
        share: { kind: 'email', value: 'Me@Example.in' },
      },
    ]);
    const mutual = screen.getByTestId('mutual');
    expect(mutual.textContent).toContain(T.mutual('Asha R.'));
    expect(within(mutual).getByRole('link', { name: '@asha.travels' }).getAttribute('href')).toBe(
      'https://www.instagram.com/asha.travels/',
    );
  });

  it('puts the server’s field message under its field', async () => {
    const user = userEvent.setup();
    renderPage(page({ feedback: { evening: 4, host: 4, venue: 4, note: null, share: null, updated_at: 'x' } }), () =>
      json(
        {
          error: {
            code: 'unknown_tablemate',
            message: T.errors.unknownTablemate,
            fields: { tablemates: T.errors.unknownTablemate },
          },
        },
        422,
      ),
    );
    await screen.findByText('Thank you for coming to Saturday Supper on 5 Jan 2030.');
    expect(screen.getByText(/You can change your feedback until/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByText(T.errors.unknownTablemate)).toBeTruthy();
  });

  it('has no form once closed, for a guest not checked in, nor before the dinner ends', async () => {
    for (const [state, text] of [
      ['closed', T.closedHeading],
      ['not_checked_in', T.notCheckedIn],
      ['upcoming', 'Feedback opens when the dinner ends'],
    ] as const) {
      renderPage(page({ state, tablemates: [] }));
      expect(await screen.findByText((t) => t.includes(text))).toBeTruthy();
      expect(screen.queryByRole('button', { name: T.save })).toBeNull();
      cleanup();
    }
  });
});
