// The console's and host's classes are not in the guest's stylesheet (web/src/console.css).
import '@/console.css';
import { AppHeader } from '@/components/app-header';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/use-page-title';
import { useSessionQuery } from '@/lib/session';
import { ConsoleNav } from '../components/console-nav';
import { NotAllowed } from '../components/not-allowed';
import { ConsolePages } from './console-pages';

/**
 * Every console page's frame: the console's menu above the page the path names, for an operator;
 * "not allowed" for anyone else signed in (the route's `beforeLoad` sent visitors to sign in). The
 * role comes from the session the guard has just loaded.
 */
export function ConsoleShell() {
  const { data } = useSessionQuery();
  const header = <AppHeader column="max-w-6xl px-4 sm:px-6" />;
  if (data?.user?.role !== 'operator') return <NotAllowedPage header={header} />;
  return (
    <>
      {header}
      <ConsoleNav />
      <ConsolePages />
    </>
  );
}

/** Anyone but an operator: the header and "not allowed" (each console page names the tab itself). */
function NotAllowedPage({ header }: { header: ReactNode }) {
  usePageTitle('Console');
  return (
    <>
      {header}
      <NotAllowed />
    </>
  );
}
