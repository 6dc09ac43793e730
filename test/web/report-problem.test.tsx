/**
 * 'Report a problem' (issue 21, web/src/features/reports/components/report-problem.tsx): hidden
 * before the dinner's start; the API's own schema stops a bad form before any request, with the
 * first wrong field focused and its message tied to it; a tablemate is named by the opaque ref the
 * API gave; once sent, a calm answer is focused, with what to do right now for the urgent
 * categories; the server's field message lands under its field. The API is mocked at fetch.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReportProblem } from '@/features/reports/components/report-problem';
import { REPORT_CATEGORY_COPY, REPORT_COPY } from '@domain/copy-reports';

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

const T = REPORT_COPY;
const RAVI = { ref: 'a1b2c3d4e5f6a1b2c3d4e5f6', name: 'Ravi K.', table_number: 3 };
const MEERA = { ref: 'ffeeddccbbaa998877665544', name: 'Meera S.', table_number: 3 };
const OPEN = { report_open: true, opens_at: '2026-11-28T13:30:00.000Z', tablemates: [MEERA, RAVI] };

function renderSection(tablemates: unknown, post: (body: Record<string, unknown>) => Response = () => json({}, 500)) {
  const posted: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/api/bookings/bkg_1/tablemates')) return json(tablemates);
      if (url.endsWith('/api/reports') && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        posted.push(body);
        return post(body);
      }
      return json({ error: { code: 'not_found', message: 'Not found.' } }, 404);
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ReportProblem bookingId="bkg_1" />
    </QueryClientProvider>,
  );
  return { posted, view };
}

const filed = (over: Record<string, unknown> = {}) =>
  json(
    {
      report: {
        id: 'rpt_1',
        category: 'harassment',
        urgent: true,
        status: 'open',
        created_at: '2026-11-28T15:00:00.000Z',
        booking_id: 'bkg_1',
        about: { name: 'Ravi K.', table_number: 3 },
        ...over,
      },
    },
    201,
  );

describe('Report a problem', () => {
  it('shows nothing before the dinner has started', async () => {
    const { view } = renderSection({ report_open: false, opens_at: '2099-01-01T13:30:00.000Z', tablemates: [] });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(view.container.innerHTML).toBe('');
  });

  it('stops an empty form before any request: the first question is focused with its message', async () => {
    const user = userEvent.setup();
    const { posted } = renderSection(OPEN);
    await user.click(await screen.findByRole('button', { name: T.section.heading }));
    const first = screen.getByRole('radio', { name: new RegExp(REPORT_CATEGORY_COPY.harassment.label) });
    expect(document.activeElement).toBe(first);
    await user.click(screen.getByRole('button', { name: T.form.submit }));
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(first.getAttribute('aria-describedby')).toContain('-error');
    expect(screen.getByText(T.invalid.category)).toBeTruthy();
    expect(screen.getByText(T.invalid.description)).toBeTruthy();
    const description = screen.getByLabelText(T.form.description);
    expect(description.getAttribute('aria-invalid')).toBe('true');
    expect(posted).toEqual([]);
  });

  it('names a tablemate by ref, says what to do right now for an urgent category, and answers calmly once sent', async () => {
    const user = userEvent.setup();
    const { posted } = renderSection(OPEN, () => filed());
    await user.click(await screen.findByRole('button', { name: T.section.heading }));
    expect(screen.queryByText(T.done.urgentTitle)).toBeNull();
    await user.click(screen.getByRole('radio', { name: new RegExp(REPORT_CATEGORY_COPY.harassment.label) }));
    expect(screen.getByText(T.done.urgentTitle)).toBeTruthy();
    expect(screen.getByRole('link', { name: '112' }).getAttribute('href')).toBe('tel:112');
    await user.type(screen.getByLabelText(T.form.description), '  He kept touching my arm.  ');
    const select = screen.getByLabelText(T.form.about);
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([T.form.aboutNone, 'Meera S.', 'Ravi K.']);
    await user.selectOptions(select, RAVI.ref);
    await user.click(screen.getByRole('button', { name: T.form.submit }));

    const done = await screen.findByTestId('report-filed');
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(posted).toEqual([
      { booking_id: 'bkg_1', category: 'harassment', description: 'He kept touching my arm.', about_ref: RAVI.ref },
    ]);
    expect(done.textContent).toContain(T.done.title);
    expect(done.textContent).toContain(T.done.apart('Ravi K.'));
    expect(done.textContent).toContain(T.done.urgentTitle);
  });

  it('sends no guest when nobody is chosen, and no urgent advice for a venue problem', async () => {
    const user = userEvent.setup();
    const { posted } = renderSection(OPEN, () => filed({ category: 'venue', urgent: false, about: null }));
    await user.click(await screen.findByRole('button', { name: T.section.heading }));
    await user.click(screen.getByRole('radio', { name: new RegExp(REPORT_CATEGORY_COPY.venue.label) }));
    await user.type(screen.getByLabelText(T.form.description), 'The restaurant lost our booking.');
    await user.click(screen.getByRole('button', { name: T.form.submit }));
    const done = await screen.findByTestId('report-filed');
    expect(posted).toEqual([
      { booking_id: 'bkg_1', category: 'venue', description: 'The restaurant lost our booking.' },
    ]);
    expect(done.textContent).not.toContain(T.done.urgentTitle);
    await user.click(screen.getByRole('button', { name: T.form.another }));
    expect(screen.getByRole('button', { name: T.form.submit })).toBeTruthy();
  });

  it("shows the server's message under the guest picker and focuses it", async () => {
    const user = userEvent.setup();
    renderSection(OPEN, () =>
      json(
        {
          error: {
            code: 'unknown_guest',
            message: T.errors.unknownGuest,
            fields: { about_ref: T.errors.unknownGuest },
          },
        },
        422,
      ),
    );
    await user.click(await screen.findByRole('button', { name: T.section.heading }));
    await user.click(screen.getByRole('radio', { name: new RegExp(REPORT_CATEGORY_COPY.felt_unsafe.label) }));
    await user.type(screen.getByLabelText(T.form.description), 'Someone followed me outside.');
    const select = screen.getByLabelText(T.form.about);
    await user.selectOptions(select, MEERA.ref);
    await user.click(screen.getByRole('button', { name: T.form.submit }));
    await screen.findByText(T.errors.unknownGuest);
    await waitFor(() => expect(document.activeElement).toBe(select));
    expect(select.getAttribute('aria-invalid')).toBe('true');
  });

  it('says there is nobody to name when nobody at the table checked in', async () => {
    const user = userEvent.setup();
    renderSection({ ...OPEN, tablemates: [] });
    await user.click(await screen.findByRole('button', { name: T.section.heading }));
    expect(screen.getByText(T.form.aboutEmpty)).toBeTruthy();
    expect(screen.queryByLabelText(T.form.about)).toBeNull();
  });
});
