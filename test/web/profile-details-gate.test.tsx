import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/toaster';
import { useProfileDetailsGate } from '@/features/profile/hooks/use-profile-details-gate';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const saved = {
  id: 'p1',
  full_name: 'Asha Rao',
  email: 'asha@example.com',
  phone_number: '+919876543210',
  age: 30,
  sex: 'female',
  date_of_birth: '1994-03-12',
  relationship_status: 'single',
  work_profile: 'job',
};

/** The gate's state on screen, and the form's first values when it shows the form. */
function Gate({ edit }: { edit: boolean }) {
  const gate = useProfileDetailsGate(edit);
  return (
    <p data-testid="gate">
      {gate.state}
      {gate.state === 'form' && ` ${gate.initialValues.full_name}|${gate.initialValues.date_of_birth}`}
    </p>
  );
}

/** /profile-details (or ?edit) with the gate's state on screen, the API answering `profile`. */
function renderGate(profile: typeof saved | null, edit = false) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      const body = url.includes('/auth/session')
        ? { user: { id: 'u1', phone: '+919876543210', email: null, full_name: null }, profile, quiz_completed: true }
        : { profile };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Gate edit={edit} />
        <Toaster />
      </>
    ),
  });
  const events = createRoute({ getParentRoute: () => rootRoute, path: '/events', component: () => null });
  const details = createRoute({ getParentRoute: () => rootRoute, path: '/profile-details', component: () => null });
  const router = createRouter({
    routeTree: rootRoute.addChildren([events, details]),
    history: createMemoryHistory({ initialEntries: ['/profile-details'] }),
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { client, router };
}

describe('the /profile-details gate', () => {
  it("keeps the form after this very form's first save: no 'Profile already complete!' (issue 14)", async () => {
    const { client } = renderGate(null);
    expect((await screen.findByText(/^form/)).textContent).toBe('form |');
    // What the save does with the answer: the profile, now complete, goes into the cache.
    act(() => client.setQueryData(['profile'], { profile: saved }));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('gate').textContent).toMatch(/^form/);
    expect(screen.queryByText('Profile already complete!')).toBeNull();
  });

  it('opens the form prefilled with the saved profile when the guest asked to edit it', async () => {
    const { router } = renderGate(saved, true);
    expect((await screen.findByText(/^form/)).textContent).toBe('form Asha Rao|1994-03-12');
    expect(screen.queryByText('Profile already complete!')).toBeNull();
    expect(router.state.location.pathname).toBe('/profile-details');
  });

  // Last: the toast list is the app's one, shared by the tests in this file.
  it('says so and moves on to /events for a guest who lands with nothing to do', async () => {
    const { router } = renderGate(saved);
    expect(await screen.findByText('Profile already complete!')).toBeTruthy();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/events'));
  });
});
