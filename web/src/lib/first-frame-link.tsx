/**
 * `@tanstack/react-router` as the Worker bundles it (wrangler.toml `[alias]`, and the Worker's
 * tests: test/worker/vitest.config.ts): only `Link`, drawn as the plain anchor the router's link
 * renders when it is not the current page. The Worker draws a landing page's first frame with the
 * SPA's own components (web/src/server-render.tsx), which link with the router's `Link`; the SPA
 * then hydrates that markup (docs/decisions/010), so the `href` must be the router's own. Anything
 * else a component takes from the router (a hook, a route) is not here and fails the Worker's
 * build: such a component cannot be drawn without the SPA.
 */
import { defaultStringifySearch } from '@tanstack/router-core';
import type { AnchorHTMLAttributes, ReactNode } from 'react';

type FrameLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to?: string;
  params?: Record<string, string | number>;
  search?: Record<string, unknown>;
  hash?: string;
  children?: ReactNode;
  // What the router's link acts on and does not render.
  activeOptions?: unknown;
  activeProps?: unknown;
  inactiveProps?: unknown;
  preload?: unknown;
  preloadDelay?: unknown;
  replace?: boolean;
  resetScroll?: boolean;
  startTransition?: boolean;
  viewTransition?: unknown;
};

/** `/event/$eventId` with `{ eventId: 'x y' }` is `/event/x%20y`, as the router encodes a path parameter. */
export function linkHref({
  to = '/',
  params = {},
  search,
  hash,
}: Pick<FrameLinkProps, 'to' | 'params' | 'search' | 'hash'>) {
  const path = to.replace(/\$(\w+)/g, (name, key: string) => {
    if (!(key in params)) throw new Error(`first-frame link to ${to}: no ${name}`);
    return encodeURIComponent(String(params[key]));
  });
  return `${path}${search ? defaultStringifySearch(search) : ''}${hash ? `#${hash}` : ''}`;
}

export function Link({
  to,
  params,
  search,
  hash,
  children,
  activeOptions: _activeOptions,
  activeProps: _activeProps,
  inactiveProps: _inactiveProps,
  preload: _preload,
  preloadDelay: _preloadDelay,
  replace: _replace,
  resetScroll: _resetScroll,
  startTransition: _startTransition,
  viewTransition: _viewTransition,
  ...anchor
}: FrameLinkProps) {
  return (
    <a {...anchor} href={linkHref({ to, params, search, hash })}>
      {children}
    </a>
  );
}
