/**
 * The deployed Worker's size (issue 23: at most 200 KB gzip) and what takes the room in it:
 * wrangler's own dry run, so the bundle is the one `wrangler deploy` uploads (wrangler.toml's
 * minify included), with esbuild's metafile saying how many bytes of the output each input wrote.
 *
 * Runs under Node 22's type stripping, so: `.ts` import extensions, no enums or parameter
 * properties.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from '../stack/stack.ts';

/** One entry of the bundle's largest: an npm package as a whole, or one of our own files. */
export type BundleInput = { module: string; rawBytes: number };
export type WorkerBundle = {
  /** The uploaded code (.js, .mjs, .wasm), gzipped file by file as Cloudflare counts it. */
  gzipBytes: number;
  rawBytes: number;
  /** The largest inputs by the bytes they wrote into the (minified) output, largest first. */
  top: BundleInput[];
};

/** The part of esbuild's metafile read here. */
type Metafile = { outputs: Record<string, { entryPoint?: string; inputs: Record<string, { bytesInOutput: number }> }> };

/** An input's group: the npm package it belongs to (the innermost node_modules), or its own path. */
export function bundleModule(input: string): string {
  const at = input.lastIndexOf('node_modules/');
  if (at < 0) return input;
  const [scope, name] = input.slice(at + 'node_modules/'.length).split('/');
  return scope.startsWith('@') ? `${scope}/${name}` : scope;
}

/** The `count` largest groups of the metafile's outputs, by bytes written into them. */
export function largestInputs(metafile: Metafile, count = 15): BundleInput[] {
  const bytes = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const module = bundleModule(input);
      bytes.set(module, (bytes.get(module) ?? 0) + bytesInOutput);
    }
  }
  return [...bytes]
    .map(([module, rawBytes]) => ({ module, rawBytes }))
    .filter((x) => x.rawBytes > 0)
    .sort((a, b) => b.rawBytes - a.rawBytes || a.module.localeCompare(b.module))
    .slice(0, count);
}

/** Bundles the Worker as `wrangler deploy` would (`--dry-run`, nothing uploaded) and measures it. */
export function measureWorkerBundle(count = 15): WorkerBundle {
  const dir = mkdtempSync(join(tmpdir(), 'tablemates-worker-bundle-'));
  const out = join(dir, 'out');
  const metafile = join(dir, 'meta.json');
  try {
    // This very Node (22: wrangler refuses older), not whichever `node` wrangler's #! line finds.
    const wrangler = join(root, 'node_modules/wrangler/bin/wrangler.js');
    execFileSync(process.execPath, [wrangler, 'deploy', '--dry-run', '--outdir', out, '--metafile', metafile], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 180_000,
    });
    const files = readdirSync(out, { recursive: true })
      .map((f) => join(out, String(f)))
      .filter((f) => /\.(m?js|wasm)$/.test(f) && statSync(f).isFile());
    const code = files.map((f) => readFileSync(f));
    return {
      gzipBytes: code.reduce((n, bytes) => n + gzipSync(bytes).length, 0),
      rawBytes: code.reduce((n, bytes) => n + bytes.length, 0),
      top: largestInputs(JSON.parse(readFileSync(metafile, 'utf8')) as Metafile, count),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
