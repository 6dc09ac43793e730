/// <reference types="node" />
/**
 * The layers import one way (docs/decisions/009-one-contract-one-direction.md), enforced here over
 * the real import graph rather than remembered:
 *
 *   worker:  routes → services → providers, db, domain;  lib is small pure helpers; domain imports
 *            nothing of ours (only valibot); the Worker reaches the web app through one module.
 *   web:     routes → features → components, lib;  shared code never imports a feature; the web
 *            app reaches the Worker only through @domain and the API's type.
 *
 * Each file's imports are read as text (static `import … from`, `export … from` and `import()`),
 * resolved to a path in the repository, and checked against its folder's rule. And no file reaches
 * itself again through its imports: every cycle is refused, type-only and lazy imports included
 * (a type import is how the API's type once ran through the page renderer and back).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = normalize(join(dirname(fileURLToPath(import.meta.url)), '../..'));

/** The TypeScript sources under `dir`; generated ones (the route tree) only when `generated`. */
function sourceFiles(dir: string, generated = false): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path, generated);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') && (generated || !name.endsWith('.gen.ts'))
      ? [path]
      : [];
  });
}

type Import = { from: string; spec: string; target: string | null; typeOnly: boolean };

const IMPORT =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** A specifier as a repository path (no extension), or null for a package. */
function resolve(from: string, spec: string): string | null {
  const strip = (p: string) => p.replace(/\.(tsx?|js)$/, '');
  if (spec.startsWith('@domain/')) return strip(`worker/domain/${spec.slice('@domain/'.length)}`);
  if (spec.startsWith('@/')) return strip(`web/src/${spec.slice(2)}`);
  if (spec.startsWith('.')) return strip(relative(root, join(root, dirname(from), spec)));
  return null;
}

function importsOf(file: string): Import[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => {
    const spec = m[3] ?? m[4];
    return { from: file, spec, target: resolve(file, spec), typeOnly: Boolean(m[2]) };
  });
}

const files = [...sourceFiles('worker'), ...sourceFiles('db'), ...sourceFiles('web/src')];
const graph = files.flatMap(importsOf);
const inside = (path: string | null, ...folders: string[]) =>
  path !== null && folders.some((f) => path === f || path.startsWith(`${f}/`));

/** Every import from files under `folder` that `allowed` refuses, as "file → specifier". */
function violations(folder: string, allowed: (i: Import) => boolean): string[] {
  return graph.filter((i) => inside(i.from, folder) && !allowed(i)).map((i) => `${i.from} → ${i.spec}`);
}

describe('the Worker imports one way down', () => {
  it('reads every layer (the check is looking at real files)', () => {
    for (const folder of [
      'worker/domain',
      'worker/lib',
      'worker/providers',
      'worker/services',
      'worker/middleware',
      'worker/routes',
      'web/src/features',
    ]) {
      expect(
        files.some((f) => inside(f, folder)),
        folder,
      ).toBe(true);
    }
    expect(graph.length).toBeGreaterThan(300);
  });

  it('domain imports nothing of ours but the domain, and no package but valibot', () => {
    expect(
      violations('worker/domain', (i) =>
        i.target === null ? i.spec === 'valibot' : inside(i.target, 'worker/domain'),
      ),
    ).toEqual([]);
  });

  it('lib holds small helpers: only lib and domain', () => {
    expect(
      violations('worker/lib', (i) => i.target === null || inside(i.target, 'worker/lib', 'worker/domain')),
    ).toEqual([]);
  });

  it('providers reach no service, route, middleware or database', () => {
    expect(
      violations(
        'worker/providers',
        (i) => i.target === null || inside(i.target, 'worker/providers', 'worker/lib', 'worker/domain', 'worker/env'),
      ),
    ).toEqual([]);
  });

  it('db takes its rules from the domain and nothing else of ours', () => {
    expect(violations('db', (i) => i.target === null || inside(i.target, 'db', 'worker/domain'))).toEqual([]);
  });

  it('services never import a route or middleware', () => {
    const allowed = [
      'worker/services',
      'worker/providers',
      'worker/lib',
      'worker/domain',
      'worker/env',
      'worker/app-env',
      'db',
    ];
    expect(violations('worker/services', (i) => i.target === null || inside(i.target, ...allowed))).toEqual([]);
  });

  it('middleware never imports a route', () => {
    const allowed = [
      'worker/middleware',
      'worker/services',
      'worker/lib',
      'worker/domain',
      'worker/env',
      'worker/app-env',
      'db/client',
    ];
    expect(violations('worker/middleware', (i) => i.target === null || inside(i.target, ...allowed))).toEqual([]);
  });

  it('routes do HTTP only: no SQL, no database, no provider', () => {
    const allowed = [
      'worker/routes',
      'worker/middleware',
      'worker/services',
      'worker/lib',
      'worker/domain',
      'worker/app-env',
      'web/src/server-render',
    ];
    expect(
      violations('worker/routes', (i) =>
        i.target === null ? !i.spec.startsWith('drizzle-orm') : inside(i.target, ...allowed),
      ),
    ).toEqual([]);
  });

  it('routes hold no SQL even without an import: no raw client, no query builder on the request database', () => {
    const sqlInRoutes = files
      .filter((f) => inside(f, 'worker/routes'))
      .filter((f) =>
        /\$client|\.var\.db\.(select|insert|update|delete|run|get|all|batch|query)\b|\bsql`/.test(
          readFileSync(join(root, f), 'utf8'),
        ),
      );
    expect(sqlInRoutes).toEqual([]);
  });

  it('reaches the web app only through web/src/server-render', () => {
    expect(violations('worker', (i) => !inside(i.target, 'web') || i.target === 'web/src/server-render')).toEqual([]);
  });
});

describe('the web app imports one way', () => {
  it('shared code (components, lib) never imports a feature, a route or the server-render entry', () => {
    for (const shared of ['web/src/components', 'web/src/lib']) {
      expect(
        violations(shared, (i) => !inside(i.target, 'web/src/features', 'web/src/routes', 'web/src/server-render')),
      ).toEqual([]);
    }
  });

  it('features never import a route', () => {
    expect(violations('web/src/features', (i) => !inside(i.target, 'web/src/routes'))).toEqual([]);
  });

  it('reaches the Worker only through @domain and the API type', () => {
    const intoWorker = graph.filter((i) => inside(i.from, 'web/src') && inside(i.target, 'worker', 'db'));
    const wrong = intoWorker.filter(
      (i) =>
        !(
          i.spec.startsWith('@domain/') ||
          (i.typeOnly && i.target === 'worker/api' && i.from === 'web/src/lib/api.ts')
        ),
    );
    expect(wrong.map((i) => `${i.from} → ${i.spec}`)).toEqual([]);
  });
});

/**
 * The import graph as file → files, over every source file (the generated route tree too, since
 * the router imports it): each specifier resolved to the file it loads (`x.ts`, `x.tsx` or
 * `x/index.ts(x)`); packages and stylesheets are not nodes.
 */
function fileGraph(): Map<string, string[]> {
  const sources = [...sourceFiles('worker', true), ...sourceFiles('db', true), ...sourceFiles('web/src', true)];
  const known = new Set(sources);
  const fileOf = (target: string) =>
    [`${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`].find((f) => known.has(f));
  return new Map(
    sources.map((file) => {
      const targets = importsOf(file).flatMap((i) => {
        const target = i.target === null ? undefined : fileOf(i.target);
        return target ? [target] : [];
      });
      return [file, [...new Set(targets)].sort()];
    }),
  );
}

/** The strongly connected components (Tarjan): files that all reach one another. */
function components(edges: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      found.push(component);
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** The shortest path from `from` to `to` through `within` only, both ends included. */
function shortestPath(edges: Map<string, string[]>, within: Set<string>, from: string, to: string): string[] {
  const cameFrom = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const v = queue.shift() as string;
    if (v === to) break;
    for (const w of edges.get(v) ?? []) {
      if (within.has(w) && !cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  const path: string[] = [];
  for (let v: string | null | undefined = to; v != null; v = cameFrom.get(v)) path.unshift(v);
  return path;
}

/**
 * Every import that closes a circle, each with the shortest circle it closes, as
 * `a.ts → b.ts → … → a.ts` (started at its first file in sort order, so one circle reads one way).
 * Listing all simple cycles could run to thousands in one tangle; this list names every import that
 * takes part in one, so breaking the tangle means removing imports from it until it is empty.
 */
function cycles(edges: Map<string, string[]>): string[] {
  const found = new Set<string>();
  for (const component of components(edges)) {
    const within = new Set(component);
    for (const from of component) {
      for (const to of edges.get(from) ?? []) {
        if (!within.has(to)) continue;
        // from → to, then back from `to` to `from` (a file importing itself is the path [from]).
        const loop = to === from ? [from] : [from, ...shortestPath(edges, within, to, from).slice(0, -1)];
        const first = loop.indexOf([...loop].sort()[0]);
        const rotated = [...loop.slice(first), ...loop.slice(0, first)];
        found.add([...rotated, rotated[0]].join(' → '));
      }
    }
  }
  return [...found].sort();
}

describe('no import circles', () => {
  const edges = fileGraph();

  it('the check sees a circle when there is one', () => {
    const circle = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['d.ts']],
      ['e.ts', ['a.ts']],
    ]);
    expect(cycles(circle)).toEqual(['a.ts → b.ts → c.ts → a.ts', 'd.ts → d.ts']);
    expect(edges.get('web/src/router.tsx')).toContain('web/src/route-tree.gen.ts');
    expect(edges.get('web/src/lib/api.ts')).toContain('worker/api.ts');
  });

  it('the API module and its type never run through the page routes or the web app', () => {
    const reached = new Set<string>(['worker/api.ts']);
    const queue = ['worker/api.ts'];
    while (queue.length > 0) {
      for (const w of edges.get(queue.shift() as string) ?? []) {
        if (!reached.has(w)) {
          reached.add(w);
          queue.push(w);
        }
      }
    }
    expect([...reached].filter((f) => f === 'worker/routes/pages.ts' || inside(f, 'web'))).toEqual([]);
  });

  it('no file reaches itself through its imports (type-only and lazy imports included)', () => {
    expect(cycles(edges)).toEqual([]);
  });
});
