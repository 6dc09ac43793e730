import { Link } from '@tanstack/react-router';
import { Logo } from '@/components/logo';
import { UserMenu } from '@/components/user-menu';
import { useSession } from '@/lib/session';

/**
 * The tooltip at the left of 'Sign In', shown while it is pointed at or focused from the keyboard:
 * daisyUI's `tooltip tooltip-left` in utilities, so the guest's stylesheet does without that
 * component (issue 23). It describes the link (`aria-describedby`) whether shown or not; in forced
 * colours it keeps an outline, as daisyUI's did.
 */
const SIGN_IN_TIP =
  'pointer-events-none absolute end-full top-1/2 z-10 me-2 w-max max-w-80 -translate-y-1/2 rounded-field bg-neutral px-2 py-1 text-center text-sm text-neutral-content opacity-0 transition-opacity group-hover:opacity-100 group-has-[:focus-visible]:opacity-100 forced-colors:outline forced-colors:outline-1';

/**
 * The header's right-hand side (SPEC §2 Home), on the home page's top row and in every page's
 * {@link AppHeader}: signed out, 'Sign In' with its tooltip; signed in, the profile menu. Nothing
 * renders until the first session check ends, so the button never flickers (and the home page's
 * prerendered frame, drawn before any session is known, is exactly the SPA's first render).
 *
 * It sits in the page's flow, never `fixed`: on a phone a floating button covered headings and
 * cards (issue 14).
 */
export function HeaderAccount({ signIn = true }: { signIn?: boolean }) {
  const { isAuthenticated, loading } = useSession();
  if (loading) return null;
  if (isAuthenticated) return <UserMenu />;
  if (!signIn) return null;
  return (
    <div className="group relative">
      <div id="sign-in-tip" role="tooltip" className={SIGN_IN_TIP}>
        Already registered? Sign in here
      </div>
      <Link to="/auth" aria-describedby="sign-in-tip" className="btn btn-neutral rounded-full px-6">
        Sign In
      </Link>
    </div>
  );
}

/**
 * The home page's header (SPEC §2 Home): the logo, and 'Sign In' or the profile menu at the right
 * edge of the page's column. A bar in the flow, before <main>; the hero draws its background up
 * under it (features/home/components/hero.tsx), so it reads as part of the hero without floating.
 */
export function SiteHeader() {
  return (
    <header className="relative z-10 mx-auto flex min-h-17 max-w-6xl items-center justify-between gap-4 px-5 pt-5 sm:px-8">
      <Logo />
      <HeaderAccount />
    </header>
  );
}
