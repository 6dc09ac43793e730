import { HeaderBar } from '@/components/header-bar';
import { Logo } from '@/components/logo';
import { HeaderAccount } from '@/components/site-header';

/**
 * The bar on top of every page but the home page (whose bar sits on its hero): the guest's own
 * pages (/profile, /profile-details, /confirmation, /auth, My Booking), /events and the event
 * page, the console's and the host's. The logo, home, on the left; the profile menu or 'Sign In'
 * on the right (see {@link HeaderBar}).
 * @example <AppHeader column="max-w-3xl px-4" />
 */
export function AppHeader({ column, signIn = true }: { column: string; signIn?: boolean }) {
  return (
    <HeaderBar column={column}>
      <Logo />
      <HeaderAccount signIn={signIn} />
    </HeaderBar>
  );
}
