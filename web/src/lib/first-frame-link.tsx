/**
 * `@tanstack/react-router` as the Worker bundles it (wrangler.toml `alias`, and the Worker's
 * tests: test/worker/vitest.config.ts): only `Link`, drawn as the plain anchor the router's link
 * renders for a page other than the current one. The Worker draws a landing page's first frame
 * with the SPA's own components (web/src/server-render.tsx), which link with the router's `Link`;
 * the SPA then hydrates that markup (docs/decisions/010), so the anchor must be the router's own.
 *
 * What this cannot draw as the router would, it refuses (the page then goes out without its frame,
 * worker/routes/pages.ts, and the Worker's tests fail): anything else from the router (a hook, a
 * route: not exported, so the Worker's build fails), a relative `to`, a splat or optional
 * parameter, a path parameter the router would write differently, a search or a hash, a prop that
 * changes the router's markup or where the link goes. A link to the page itself, which the router
 * marks active, is the caller's to avoid: no landing page has one (test/web/first-frames.test.tsx
 * hydrates each with React's development build, which reports any attribute that differs).
 */
import type { AnchorHTMLAttributes, ReactNode } from 'react';

/** What the router's link does on a tap or a hover, and does not draw. */
const BEHAVIOUR_ONLY = [
  'preload',
  'preloadDelay',
  'preloadIntentProximity',
  'replace',
  'resetScroll',
  'startTransition',
  'viewTransition',
  '_asChild',
  // Not drawn on the router's anchor either.
  'type',
];

type FrameLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'children'> & {
  to?: string;
  params?: Record<string, string | number>;
  children?: ReactNode;
};

/**
 * A parameter the router writes as it is: encoding leaves these characters alone, and so does the
 * router's decoding and re-encoding of the path (it would write `a|b`, not `a%7Cb`). Ids and city
 * slugs are made of them.
 */
const PLAIN_PARAM = /^[\w.~-]+$/;

/** `/event/$eventId` with `{ eventId: 'g1' }` is `/event/g1`, as the router writes it. */
export function linkHref({ to = '', params = {} }: Pick<FrameLinkProps, 'to' | 'params'>): string {
  if (!to.startsWith('/')) throw new Error(`first-frame link: "${to}" is not an absolute path`);
  // A splat (`$`) or an optional parameter (`{-$id}`) is written by rules of the router's own.
  if (/\$(?!\w)|[{}]/.test(to)) throw new Error(`first-frame link: "${to}" is not a path of plain parameters`);
  return to.replace(/\$(\w+)/g, (name, key: string) => {
    const value = String(params[key] ?? '');
    if (!PLAIN_PARAM.test(value)) throw new Error(`first-frame link to ${to}: ${name} "${value}" is not plain`);
    return value;
  });
}

export function Link({ to, params, children, ...rest }: FrameLinkProps) {
  const anchor: Record<string, unknown> = {};
  for (const [prop, value] of Object.entries(rest)) {
    // As React draws no attribute for it, and the router passes none on.
    if (value === undefined || BEHAVIOUR_ONLY.includes(prop)) continue;
    if (ROUTER_ONLY.includes(prop))
      throw new Error(`first-frame link to ${to}: the router's \`${prop}\` is not drawn here`);
    anchor[prop] = value;
  }
  if (typeof children === 'function') throw new Error(`first-frame link to ${to}: children as a function`);
  return (
    <a {...anchor} href={linkHref({ to, params })}>
      {children}
    </a>
  );
}

/**
 * The router's link props that change its markup (active or inactive props) or where it goes. A
 * search or a hash too: no link of a first frame has one, and the router writes them its own way.
 */
const ROUTER_ONLY = [
  'search',
  'hash',
  'activeOptions',
  'activeProps',
  'inactiveProps',
  'from',
  'state',
  'mask',
  'reloadDocument',
  'hashScrollIntoView',
  'ignoreBlocker',
  'unsafeRelative',
  'disabled',
];
