import { createFileRoute, Link } from '@tanstack/react-router';
import { AppHeader } from '@/components/app-header';
import { OrderStatus } from '@/features/checkout/components/order-status';
import { usePageTitle } from '@/lib/use-page-title';

type Search = { order?: string };

export const Route = createFileRoute('/_auth/confirmation')({
  /** `?order=<razorpay order id>`: the order whose booking this page follows. */
  validateSearch: (search: Record<string, unknown>): Search =>
    typeof search.order === 'string' && /^[\w-]{1,100}$/.test(search.order) ? { order: search.order } : {},
  component: Page,
});

function Page() {
  const { order } = Route.useSearch();
  usePageTitle(order ? 'Your booking' : 'No booking to show');
  return (
    <>
      <AppHeader column="max-w-3xl px-6" />
      <main className="mx-auto max-w-3xl px-6 py-16">
        {order ? (
          <OrderStatus orderId={order} />
        ) : (
          <div className="flex flex-col items-center gap-4 text-center">
            <h1 className="font-display text-3xl font-bold">No booking to show</h1>
            <p className="text-lg">Your bookings are listed on your profile.</p>
            <div className="flex gap-3">
              <Link to="/profile" className="btn btn-primary">
                View Profile
              </Link>
              <Link to="/" className="btn btn-ghost">
                Back to Home
              </Link>
            </div>
          </div>
        )}
      </main>
    </>
  );
}
