import { useEffect } from 'react';
import { pageTitle } from './page-head';

/**
 * Sets the tab's title for as long as the calling page is shown (issue 14: each route names
 * itself), e.g. `usePageTitle('Your profile')` → 'Your profile — Tablemates'; no argument gives
 * the home page's. In an effect, so a prerendered or hydrated frame is untouched.
 */
export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
