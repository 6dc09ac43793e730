import { Link, useRouter } from '@tanstack/react-router';
import { usePageTitle } from '@/lib/use-page-title';

/** SPEC §2 "404": the catch-all for unknown page paths. */
export function NotFoundPage() {
  const router = useRouter();
  usePageTitle('Page not found');
  return (
    <main className="flex min-h-[80vh] flex-col items-center justify-center gap-6 px-6 text-center">
      <p className="font-display text-7xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-bold">Page Not Found</h1>
      <p className="max-w-md text-base-content/80">
        Oops! The page you're looking for doesn't exist or has been moved.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className="btn btn-outline" onClick={() => router.history.back()}>
          Go Back
        </button>
        <Link to="/" className="btn btn-primary">
          Return Home
        </Link>
      </div>
    </main>
  );
}
