/**
 * The console's side of issue 20 (web/src/features/admin/components/waitlist-page.tsx and
 * grant-credit.tsx): the line in order, the offers out with their deadlines in IST, "offer now"
 * confirmed and refused in the server's words, and credit granted with a required note.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONSOLE_COPY } from '@domain/copy-console';
import { MAX_OPERATOR_GRANT } from '@domain/credit';
import type { AdminWaitlist, WaitlistEntry } from '@/features/admin/api/waitlist-api';
import { GrantCreditDialog } from '@/features/admin/components/grant-credit';
import { Waitlist } from '@/features/admin/components/waitlist-page';
import { currentToasts, dismiss } from '@/components/toast';

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
  for (const t of currentToasts()) dismiss(t.id);
});

const entry = (over: Partial<WaitlistEntry> & Pick<WaitlistEntry, 'id'>): WaitlistEntry => ({
  user: { id: `u-${over.id}`, name: `Guest ${over.id}`, phone: '+919876543210' },
  ticket_type: 'male',
  ticket_label: 'Single (Male)',
  seats: 1,
  status: 'waiting',
  position: null,
  passed_over: 0,
  offered_at: null,
  offer_expires_at: null,
  created_at: '2030-01-01T10:00:00.000Z',
  ...over,
});

const view = (over: Partial<AdminWaitlist> = {}): AdminWaitlist => ({
  free_seats: 1,
  offers_open: true,
  entries: [
    entry({ id: 'e1', user: { id: 'u1', name: 'Ravi Kumar', phone: '+919811111111' }, position: 1, passed_over: 2 }),
    entry({
      id: 'e2',
      user: { id: 'u2', name: 'Asha Rao', phone: null },
      status: 'offered',
      ticket_type: 'female',
      ticket_label: 'Single (Female)',
      offered_at: '2030-01-05T08:00:00.000Z',
      // 15:30 IST.
      offer_expires_at: '2030-01-05T10:00:00.000Z',
    }),
    entry({
      id: 'e3',
      user: { id: 'u3', name: 'Kabir Sen', phone: null },
      ticket_type: 'couple',
      ticket_label: 'Couple',
      seats: 2,
      position: 2,
    }),
    entry({ id: 'e4', user: { id: 'u4', name: 'Dev Nair', phone: null }, status: 'left' }),
  ],
  attendance: { confirmed: 5, unanswered: 3, released: 1 },
  ...over,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Stubs fetch: each POST gets `answer`'s response; returns the requests made. */
function stubFetch(answer: (url: string, body: unknown) => Response) {
  const posts: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      if (method !== 'POST') return json({});
      const text = init?.body ? String(init.body) : input instanceof Request ? await input.text() : '';
      const body = text ? JSON.parse(text) : null;
      posts.push({ url, body });
      return answer(url, body);
    }),
  );
  return posts;
}

const wrap = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {ui}
    </QueryClientProvider>,
  );

describe('the Waitlist tab', () => {
  it('shows the answers, the offers out with their IST deadline, and the line in order', () => {
    stubFetch(() => json({}));
    wrap(<Waitlist eventId="evt" view={view()} />);

    const answers = screen.getByRole('region', { name: 'Still coming?' });
    expect(within(answers).getByText('Coming (said yes)').nextSibling?.textContent).toBe('5');
    expect(within(answers).getByText('Not answered yet').nextSibling?.textContent).toBe('3');
    expect(within(answers).getByText("Can't make it (released)").nextSibling?.textContent).toBe('1');

    const offers = screen.getByRole('region', { name: 'Offers out (1)' });
    expect(offers.textContent).toContain('Asha Rao');
    expect(offers.textContent).toMatch(/Holds the seats until 5 Jan 2030, 3:30\s?pm IST/i);

    const line = screen.getByRole('table');
    const rows = within(line).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['1', '2']);
    expect(rows[0].textContent).toContain('Ravi Kumar');
    expect(rows[0].textContent).toContain('2×');
    expect(screen.getByRole('region', { name: 'No longer in line (1)' }).textContent).toContain('Dev Nair · ');
  });

  it('turns "Offer now" off, saying why, when the ticket does not fit the seats free or offers have stopped', () => {
    stubFetch(() => json({}));
    const { unmount } = wrap(<Waitlist eventId="evt" view={view()} />);
    const couple = screen.getByRole('button', { name: 'Offer now to Kabir Sen' });
    expect((couple as HTMLButtonElement).disabled).toBe(true);
    expect(couple.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(couple.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Needs 2 seats, 1 free',
    );
    expect((screen.getByRole('button', { name: 'Offer now to Ravi Kumar' }) as HTMLButtonElement).disabled).toBe(false);
    unmount();

    wrap(<Waitlist eventId="evt" view={view({ offers_open: false })} />);
    expect(screen.getByText(CONSOLE_COPY.waitlist.offersClosedNote)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Offer now to Ravi Kumar' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks first, then offers and says until when the seats are held', async () => {
    const posts = stubFetch(() =>
      json({ entry: { ...view().entries[0], status: 'offered', offer_expires_at: '2030-01-05T10:00:00.000Z' } }),
    );
    // Ten days ahead: an offer holds the seats 2 hours (30 minutes inside a day, domain/waitlist.ts).
    wrap(<Waitlist eventId="evt" view={view()} startsAt={new Date(Date.now() + 240 * 3_600_000).toISOString()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Offer now to Ravi Kumar' }));
    const dialog = screen.getByRole('dialog', { name: 'Offer Ravi Kumar 1 seat now?' });
    expect(dialog.textContent).toContain('the seats are held for them for 2 hours.');
    expect(dialog.textContent).toContain('Ravi Kumar is number 1 in line');
    expect(posts).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Offer to Ravi Kumar' }));

    await vi.waitFor(() => expect(currentToasts()).toHaveLength(1));
    expect(posts.map((p) => new URL(p.url, 'http://x').pathname)).toEqual(['/api/admin/events/evt/waitlist/e1/offer']);
    expect(currentToasts()[0].title).toMatch(/^Offer sent to Ravi Kumar\. Their seats are held until 5 Jan 2030/);
    expect((dialog as HTMLDialogElement).open).toBe(false);
  });

  it('shows the server’s refusal in the dialog, the focus on Close', async () => {
    stubFetch(() => json({ error: { code: 'no_seat', message: CONSOLE_COPY.waitlist.noSeat } }, 409));
    wrap(<Waitlist eventId="evt" view={view()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Offer now to Ravi Kumar' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Offer to Ravi Kumar' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(CONSOLE_COPY.waitlist.noSeat);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    expect(currentToasts()).toEqual([]);
  });
});

describe('Grant credit', () => {
  const target = { userId: 'u9', name: 'Meera Iyer', balance: 200 };

  it('refuses an amount out of range or a missing note before sending, beside the field', async () => {
    const posts = stubFetch(() => json({}));
    wrap(<GrantCreditDialog target={target} onClose={() => {}} />);
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Grant credit to Meera Iyer' });
    await user.type(within(dialog).getByLabelText('Amount (₹)'), String(MAX_OPERATOR_GRANT + 1));
    await user.click(within(dialog).getByRole('button', { name: 'Grant credit' }));
    const amount = within(dialog).getByLabelText('Amount (₹)');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(amount.getAttribute('aria-describedby')).toContain('-error');
    expect(dialog.textContent).toContain(CONSOLE_COPY.credit.amountInvalid(MAX_OPERATOR_GRANT));
    expect(dialog.textContent).toContain(CONSOLE_COPY.credit.noteRequired);
    await vi.waitFor(() => expect(document.activeElement).toBe(amount));
    expect(posts).toEqual([]);
  });

  it('grants, closes and shows the new balance', async () => {
    const posts = stubFetch(() => json({ entry_id: 'cr_1', balance: 700 }, 201));
    const onClose = vi.fn();
    wrap(<GrantCreditDialog target={target} onClose={onClose} />);
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Grant credit to Meera Iyer' });
    expect(dialog.textContent).toContain('Balance now: ₹200');
    await user.type(within(dialog).getByLabelText('Amount (₹)'), '500');
    await user.type(within(dialog).getByLabelText('Note (why)'), ' The AC failed ');
    await user.click(within(dialog).getByRole('button', { name: 'Grant credit' }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts.map((p) => [new URL(p.url, 'http://x').pathname, p.body])).toEqual([
      ['/api/admin/users/u9/credit', { amount: 500, note: 'The AC failed' }],
    ]);
    expect(currentToasts()[0].description).toBe(CONSOLE_COPY.credit.granted('₹500', '₹700'));
  });
});
