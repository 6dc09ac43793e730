import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPY } from '../../worker/domain/copy';
import type { ProfileFormValues } from '../../worker/domain/profile';
import { Toaster } from '@/components/toaster';
import { ProfileDetailsForm } from '@/features/profile/components/profile-details-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const empty: ProfileFormValues = {
  full_name: '',
  email: '',
  phone_number: '+919876543210',
  date_of_birth: '',
  sex: 'prefer_not_to_say',
  relationship_status: 'prefer_not_to_say',
  work_profile: 'job',
  seat_with_women: false,
};

function renderForm(initialValues = empty) {
  const rootRoute = createRootRoute();
  const formRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/profile-details',
    component: () => (
      <>
        <ProfileDetailsForm initialValues={initialValues} />
        <Toaster />
      </>
    ),
  });
  const eventsRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/events',
    component: () => <h1>Events page</h1>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([formRoute, eventsRoute]),
    history: createMemoryHistory({ initialEntries: ['/profile-details'] }),
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const fill = (label: RegExp, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

describe('ProfileDetailsForm', () => {
  it('shows the defaults, with "It\'s complicated" for prefer_not_to_say', async () => {
    renderForm();
    expect(((await screen.findByLabelText(/^Sex/)) as unknown as HTMLSelectElement).value).toBe('prefer_not_to_say');
    const rel = screen.getByLabelText(/^Relationship status/) as unknown as HTMLSelectElement;
    expect(rel.value).toBe('prefer_not_to_say');
    expect(rel.selectedOptions[0].textContent).toBe("It's complicated");
    expect((screen.getByLabelText(/^Work profile/) as unknown as HTMLSelectElement).value).toBe('job');
    expect(screen.getByLabelText(/^Date of birth/).getAttribute('min')).toBe('1900-01-01');
  });

  it('lists years 1924 … this year in India and jumps the date of birth to the chosen year', async () => {
    // A fixed clock (only Date faked): 00:30 IST on 1 January 2027 is still 31 December 2026 in UTC,
    // where the machine's own year (getFullYear) made this test fail for a run in those 5½ hours.
    vi.useFakeTimers({ now: new Date('2026-12-31T19:00:00Z'), toFake: ['Date'] });
    renderForm({ ...empty, date_of_birth: '1990-07-14' });
    const year = (await screen.findByLabelText('Jump to year')) as unknown as HTMLSelectElement;
    const years = [...year.options].map((o) => o.value).filter(Boolean);
    expect(years.at(-1)).toBe('1924');
    expect(years[0]).toBe('2027');
    expect(year.value).toBe('1990');
    fireEvent.change(year, { target: { value: '1985' } });
    await waitFor(() => expect((screen.getByLabelText(/^Date of birth/) as HTMLInputElement).value).toBe('1985-07-14'));
  });

  it('shows every spec message before any request is made', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderForm({ ...empty, phone_number: '' });
    await screen.findByLabelText(/^Full name/);
    save();
    expect(await screen.findByText('Name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid phone number')).toBeTruthy();
    expect(screen.getByText('Date of birth is required')).toBeTruthy();
    fill(/^Full name/, 'xzcvb qwrtp');
    fill(/^Email/, 'asha@');
    fill(/^Date of birth/, '2015-01-01');
    save();
    expect(await screen.findByText('Please enter a valid full name (first and last name, no gibberish)')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('You must be at least 18 years old to register.')).toBeTruthy();
    expect(screen.getByLabelText(/^Full name/).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('puts the duplicate-email answer on the email field and in an Error toast', async () => {
    const message = 'This email is already registered. Please use a different email address.';
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: 'email_taken', message, fields: { email: message } } }), {
            status: 409,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    renderForm({ ...empty, full_name: 'Asha Rao', email: 'taken@example.com', date_of_birth: '1995-06-15' });
    await screen.findByLabelText(/^Full name/);
    save();
    await waitFor(() => expect(screen.getAllByText(message).length).toBe(2));
    expect(screen.getByText('Error')).toBeTruthy();
  });

  it('saves and goes to /events', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ profile: { full_name: 'Asha Rao' } }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const router = renderForm({
      ...empty,
      full_name: 'Asha Rao',
      email: 'asha@example.com',
      date_of_birth: '1995-06-15',
    });
    await screen.findByLabelText(/^Full name/);
    save();
    expect(await screen.findByText('Events page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/events');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(String(url)).toContain('/api/profile');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toMatchObject({
      full_name: 'Asha Rao',
      email: 'asha@example.com',
      sex: 'prefer_not_to_say',
      seat_with_women: false,
    });
  });

  it('offers the wish for two other women at the table, off by default, explained, and saves it when ticked', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ profile: { full_name: 'Asha Rao', seat_with_women: true } }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderForm({ ...empty, full_name: 'Asha Rao', email: 'asha@example.com', date_of_birth: '1995-06-15' });
    const box = (await screen.findByRole('checkbox', { name: COPY.profile.seatWithWomenLabel })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    // The one-line explanation is the checkbox's description.
    const hint = document.getElementById(String(box.getAttribute('aria-describedby')));
    expect(hint?.textContent).toBe(COPY.profile.seatWithWomenHint);
    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(true));
    save();
    expect(await screen.findByText('Events page')).toBeTruthy();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ seat_with_women: true });
  });

  it('shows a saved wish ticked, and sends it unticked when the guest changes their mind', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ profile: { full_name: 'Asha Rao', seat_with_women: false } }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderForm({
      ...empty,
      full_name: 'Asha Rao',
      email: 'asha@example.com',
      date_of_birth: '1995-06-15',
      seat_with_women: true,
    });
    const box = (await screen.findByLabelText(COPY.profile.seatWithWomenLabel)) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(false));
    save();
    expect(await screen.findByText('Events page')).toBeTruthy();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ seat_with_women: false });
  });
});
