/**
 * The grievance form on /contact (issue 22): a signed-in guest finds their name and email filled
 * in; the domain's schema stops a bad form before any request; the server's field messages land
 * under their inputs; once filed, the reference and the resolve-by date are shown and focused.
 * The API is mocked at fetch.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GrievanceForm } from '@/features/grievances/components/grievance-form';
import { GRIEVANCE_COPY } from '@domain/copy-grievances';
import { formatIstDate } from '@domain/time';

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

const OFFICER = { officer: { name: 'Asha Verma', email: 'grievances@tablemates.local' }, turnstile_site_key: null };
const SIGNED_IN = {
  user: { id: 'u1', email: null, phone: '+919876543210', full_name: null, role: 'guest' },
  profile: { full_name: 'Meera Iyer', email: 'meera@example.com' },
  quiz_completed: true,
  next: '/events',
};

function renderForm(session: unknown, post: (body: Record<string, unknown>) => Response) {
  const posted: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/api/auth/session')) return json(session);
      if (url.endsWith('/api/grievances/officer')) return json(OFFICER);
      if (url.endsWith('/api/grievances') && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        posted.push(body);
        return post(body);
      }
      return json({ error: { code: 'not_found', message: 'Not found.' } }, 404);
    }),
  );
  const rootRoute = createRootRoute({ component: GrievanceForm });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/contact'] }) });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { posted };
}

const T = GRIEVANCE_COPY.form;
const DUE = '2026-12-26T02:00:00.000Z';

describe('the grievance form', () => {
  it('fills in a signed-in guest’s name and email, and shows the reference once filed', async () => {
    const user = userEvent.setup();
    const { posted } = renderForm(SIGNED_IN, () =>
      json({ reference: 'GRV-000042', due_at: DUE, acknowledged: true }, 201),
    );
    await waitFor(() => expect(screen.getByLabelText(T.name)).toHaveProperty('value', 'Meera Iyer'));
    expect(screen.getByLabelText(T.email)).toHaveProperty('value', 'meera@example.com');

    await user.type(screen.getByLabelText(T.subject), 'Charged twice');
    await user.type(screen.getByLabelText(T.description), 'My card was debited twice for one seat on Saturday.');
    await user.click(screen.getByRole('button', { name: T.submit }));

    const filed = await screen.findByTestId('grievance-filed');
    expect(filed.textContent).toContain('GRV-000042');
    expect(filed.textContent).toContain(T.filed('GRV-000042', formatIstDate(DUE), 'meera@example.com'));
    await waitFor(() => expect(document.activeElement).toBe(filed));
    expect(posted).toEqual([
      {
        name: 'Meera Iyer',
        email: 'meera@example.com',
        subject: 'Charged twice',
        description: 'My card was debited twice for one seat on Saturday.',
      },
    ]);
  });

  it('stops a bad form before any request, each message under its input', async () => {
    const user = userEvent.setup();
    const { posted } = renderForm({ user: null }, () => json({}, 500));
    const name = await screen.findByLabelText(T.name);
    expect(name).toHaveProperty('value', '');
    await user.type(screen.getByLabelText(T.email), 'not-an-email');
    await user.click(screen.getByRole('button', { name: T.submit }));
    expect(await screen.findByText(GRIEVANCE_COPY.invalid.name)).toBeTruthy();
    expect(screen.getByText(GRIEVANCE_COPY.invalid.email)).toBeTruthy();
    expect(screen.getByText(GRIEVANCE_COPY.invalid.description)).toBeTruthy();
    expect(name.getAttribute('aria-describedby')).toBe('grievance-name-error');
    expect(posted).toEqual([]);
  });

  it('puts the server’s field messages under their inputs and keeps the form', async () => {
    const user = userEvent.setup();
    renderForm({ user: null }, () =>
      json(
        {
          error: {
            code: 'invalid_input',
            message: GRIEVANCE_COPY.invalid.subject,
            fields: { subject: GRIEVANCE_COPY.invalid.subject },
          },
        },
        400,
      ),
    );
    await user.type(await screen.findByLabelText(T.name), 'Kabir Shah');
    await user.type(screen.getByLabelText(T.email), 'kabir@example.com');
    await user.type(screen.getByLabelText(T.subject), 'Refund');
    await user.type(screen.getByLabelText(T.description), 'I have not heard back about my refund for weeks.');
    await user.click(screen.getByRole('button', { name: T.submit }));
    expect(await screen.findByText(GRIEVANCE_COPY.invalid.subject)).toBeTruthy();
    expect(screen.queryByTestId('grievance-filed')).toBeNull();
    expect(screen.getByLabelText(T.name)).toHaveProperty('value', 'Kabir Shah');
  });
});
