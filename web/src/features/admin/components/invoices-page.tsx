/** The console's invoices and credit notes (issue 22). */
export function InvoicesPage() {
  return <h1 className="font-display text-3xl font-bold">Invoices</h1>;
}
