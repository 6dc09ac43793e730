/**
 * Whether `p` is a path on this site that a sign-in or the consent notice may continue to: not
 * another origin (`//host`, `/\host`), and not /auth or /consent themselves (no loop). Its own
 * module: the /consent route's search check sits in every guest's first bundle.
 */
export const isSameSitePath = (p: string) =>
  p.startsWith('/') &&
  !p.startsWith('//') &&
  !p.startsWith('/\\') &&
  !p.startsWith('/auth') &&
  !p.startsWith('/consent');
