import { type ComponentType, createContext, type ReactNode, Suspense, useContext } from 'react';

/**
 * Pages routed below one splat route (docs/decisions/017): the console (`/admin/$`) and the host's
 * night (`/host/$`) keep their pages in a table of their own rather than in the app's route tree,
 * so a guest's first bundle carries one route for each and none of their pages. A page's path is
 * relative to the splat, with `$name` segments for parameters (`events/$eventId/edit`).
 */
export type PageTable = Record<string, ComponentType>;

/** The parameters a path pattern names: `events/$eventId` → `{ eventId: string }`. */
export type ParamsOf<P extends string> = P extends `${string}$${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & ParamsOf<Rest>
  : P extends `${string}$${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

/** A path segment as written, or null when it is not valid percent-encoding (e.g. `%E0`). */
function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The page of `pages` whose pattern matches `splat` (the path below the splat), with its parameters. */
export function matchPage<T extends PageTable>(
  pages: T,
  splat: string,
): { path: keyof T & string; params: Record<string, string> } | null {
  const parts = splat.split('/').filter(Boolean);
  for (const path of Object.keys(pages)) {
    const pattern = path.split('/').filter(Boolean);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = pattern.every((p, i) => {
      if (!p.startsWith('$')) return p === parts[i];
      const value = decoded(parts[i]);
      if (value === null) return false;
      params[p.slice(1)] = value;
      return true;
    });
    if (ok) return { path, params };
  }
  return null;
}

/** A pattern with its parameters filled in and escaped: `events/$eventId` + `{ eventId: 'x' }` → `events/x`. */
export function fillPath<P extends string>(path: P, params: ParamsOf<P>): string {
  return path.replace(/\$(\w+)/g, (_, name: string) =>
    encodeURIComponent((params as Record<string, string>)[name] ?? ''),
  );
}

const ParamsContext = createContext<Record<string, string>>({});

/** The current page's path parameters, e.g. `usePageParams<'eventId'>().eventId`. */
export function usePageParams<K extends string>(): Record<K, string> {
  return useContext(ParamsContext) as Record<K, string>;
}

/** Draws the page of `pages` that `splat` names (lazily loaded), or `notFound`. */
export function PageOf({ pages, splat, notFound }: { pages: PageTable; splat: string; notFound: ReactNode }) {
  const match = matchPage(pages, splat);
  if (!match) return notFound;
  const Page = pages[match.path];
  return (
    <ParamsContext.Provider value={match.params}>
      <Suspense
        fallback={
          <p role="status" className="py-16 text-center text-base-content/80">
            Loading...
          </p>
        }
      >
        <Page />
      </Suspense>
    </ParamsContext.Provider>
  );
}
