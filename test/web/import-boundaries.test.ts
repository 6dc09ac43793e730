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
 * resolved to a path in the repository, and checked against its folder's rule.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = normalize(join(dirname(fileURLToPath(import.meta.url)), '../..'));

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') && !name.endsWith('.gen.ts') ? [path] : [];
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
          (i.typeOnly && i.target === 'worker/app' && i.from === 'web/src/lib/api.ts')
        ),
    );
    expect(wrong.map((i) => `${i.from} → ${i.spec}`)).toEqual([]);
  });
});
