/** My Booking's invoice section and the console's Invoices page (issue 22). */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvoicesPage } from '@/features/admin/components/invoices-page';
import { DocumentsSection } from '@/features/my-bookings/components/documents-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderWith(node: ReactNode, answer: (url: string) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => answer(String(input)));
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
  return fetchMock;
}

const invoice = (title: string) => ({
  id: 'inv_1',
  kind: 'invoice',
  title,
  number: 'TM/26-27/000042',
  issued_at: '2026-11-26T05:00:00.000Z',
  total_paise: 49900,
  url: '/api/bookings/bkg_1/invoice.pdf',
});

describe('My Booking’s invoice', () => {
  it('offers the tax invoice and each credit note as a download', async () => {
    renderWith(<DocumentsSection bookingId="bkg_1" />, () =>
      json({
        invoice: invoice('Tax invoice'),
        credit_notes: [
          {
            id: 'cn_1',
            kind: 'credit_note',
            title: 'Credit note',
            number: 'TMC/26-27/000001',
            issued_at: '2026-11-27T05:00:00.000Z',
            total_paise: 49900,
            url: '/api/bookings/bkg_1/credit-notes/cn_1.pdf',
          },
        ],
      }),
    );
    const link = await screen.findByRole('link', { name: 'Download invoice' });
    expect(link.getAttribute('href')).toBe('/api/bookings/bkg_1/invoice.pdf');
    expect(link.hasAttribute('download')).toBe(true);
    expect(screen.getByText(/Tax invoice TM\/26-27\/000042/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download credit note' }).getAttribute('href')).toBe(
      '/api/bookings/bkg_1/credit-notes/cn_1.pdf',
    );
    expect(screen.getByRole('heading', { name: 'Invoice' })).toBeTruthy();
  });

  it('says receipt when the business has no GSTIN, and shows nothing for a booking without an invoice', async () => {
    renderWith(<DocumentsSection bookingId="bkg_1" />, () => json({ invoice: invoice('Receipt'), credit_notes: [] }));
    expect(await screen.findByRole('link', { name: 'Download receipt' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download invoice' })).toBeNull();
    cleanup();

    const fetchMock = renderWith(<DocumentsSection bookingId="bkg_2" />, () =>
      json({ invoice: null, credit_notes: [] }),
    );
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('the console’s Invoices page', () => {
  it('lists the chosen month’s documents with totals net of credit notes, and links its CSV', async () => {
    const fetchMock = renderWith(<InvoicesPage />, (url) =>
      json({
        invoices: url.includes('month=2026-10')
          ? [
              {
                id: 'inv_1',
                kind: 'invoice',
                title: 'Tax invoice',
                number: 'TM/26-27/000001',
                issued_at: '2026-10-02T05:00:00.000Z',
                against_number: null,
                buyer_name: 'Asha Verma',
                place_of_supply_code: '06',
                taxable_paise: 42288,
                cgst_paise: 3806,
                sgst_paise: 3806,
                igst_paise: 0,
                total_paise: 49900,
                credit_paise: 0,
              },
              {
                id: 'cn_1',
                kind: 'credit_note',
                title: 'Credit note',
                number: 'TMC/26-27/000001',
                issued_at: '2026-10-03T05:00:00.000Z',
                against_number: 'TM/26-27/000001',
                buyer_name: null,
                place_of_supply_code: '06',
                taxable_paise: 8475,
                cgst_paise: 762,
                sgst_paise: 763,
                igst_paise: 0,
                total_paise: 10000,
                credit_paise: 0,
              },
            ]
          : [],
      }),
    );
    const month = screen.getByLabelText('Month');
    await userEvent.clear(month);
    await userEvent.type(month, '2026-10');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]).getByText('Asha Verma')).toBeTruthy();
    expect(within(rows[1]).getByText('Haryana (06)')).toBeTruthy();
    expect(within(rows[2]).getByText('Credit note')).toBeTruthy();
    expect(within(rows[3]).getByText('₹399.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/admin/invoices.csv?month=2026-10',
    );
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/admin/invoices?month=2026-10'))).toBe(true);
  });
});
