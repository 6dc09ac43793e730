import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** GET /api/admin/invoices?month=YYYY-MM: the month's invoices and credit notes (IST), invoices first. */
export const getAdminInvoices = (month: string) => unwrap(api.admin.invoices.$get({ query: { month } }));
export type AdminInvoice = Awaited<ReturnType<typeof getAdminInvoices>>['invoices'][number];

export const useAdminInvoicesQuery = (month: string) =>
  useQuery({
    queryKey: ['admin', 'invoices', month],
    queryFn: () => getAdminInvoices(month),
    staleTime: 0,
    // The previous month's rows stay while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

/** The accountant's CSV of the month: a plain link, the browser downloads it with the session cookie. */
export const invoicesCsvUrl = (month: string) => `/api/admin/invoices.csv?month=${encodeURIComponent(month)}`;
