import { Logo } from '@/components/logo';
import { HeaderAccount } from '@/components/site-header';

/**
 * The bar on top of the guest's own pages (/profile, /profile-details, /confirmation, /auth,
 * My Booking) and the console's and host's: the logo, home, on the left; the profile menu or
 * 'Sign In' on the right. A real bar in the page's flow, so on a phone it never floats over a
 * heading; `column` is the page's content column (its max width and side padding), so on a wide
 * screen the bar's edges line up with the content below.
 * @example <AppHeader column="max-w-3xl px-4" />
 */
export function AppHeader({ column, signIn = true }: { column: string; signIn?: boolean }) {
  return (
    <header className="relative z-40 border-b border-base-300 bg-base-100">
      <div className={`mx-auto flex min-h-16 items-center justify-between gap-4 py-2 ${column}`}>
        <Logo />
        <HeaderAccount signIn={signIn} />
      </div>
    </header>
  );
}
