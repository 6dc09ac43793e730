import { Link } from '@tanstack/react-router';
import { UserMenu } from '@/components/user-menu';
import { useSession } from '@/lib/session';

/**
 * Fixed top-right header (SPEC §2 Home). Signed out: 'Sign In' with its tooltip; signed in: the
 * profile menu. Nothing renders until the first session check ends, so the button never flickers.
 */
export function SiteHeader() {
  const { isAuthenticated, loading } = useSession();
  return (
    <header className="fixed top-4 right-4 z-50 sm:top-5 sm:right-6">
      {loading ? null : isAuthenticated ? (
        <UserMenu />
      ) : (
        <div className="tooltip tooltip-left">
          <div id="sign-in-tip" role="tooltip" className="tooltip-content">
            Already registered? Sign in here
          </div>
          <Link
            to="/auth"
            aria-describedby="sign-in-tip"
            className="btn btn-neutral rounded-full px-6 shadow-lg ring-2 ring-base-100"
          >
            Sign In
          </Link>
        </div>
      )}
    </header>
  );
}
