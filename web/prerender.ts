/**
 * Build step after `vite build`: prerenders the first frame of the static public pages so they
 * paint before the bundle has run. Each becomes `dist/web/_frames/<name>.html`: the built
 * index.html with the frame inside #root. The Worker serves those pages from these files
 * (worker/routes/pages.ts); the SPA takes over on load (web/src/main.tsx).
 *
 * The app's own components render them, through Vite's SSR loader, with every API call left
 * pending: a frame shows what the SPA's first render shows before any answer has arrived.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createServer } from 'vite';
import { componentsNotInFrameSources, firstFrameStylesheet } from './first-frame-css.ts';
import { AFTER_PAINT, EVENT_SHELL, FRAME_SOURCES, HYDRATABLE_ROOT } from './src/lib/first-frame-page.ts';

/**
 * Path → file name under _frames/, and whether the SPA may hydrate the frame: only where the
 * Worker serves it as is, or patched with markup the SPA's own components render from the data
 * it hands over (docs/decisions/010, 018: the city cards on /, the list on /events). Each needs
 * its route in worker/routes/pages.ts.
 */
const PAGES = {
  '/': { name: 'home', hydrate: true },
  '/events': { name: 'events', hydrate: true },
  // The vibe check's first question: what a visitor sees before the session is known.
  '/quiz': { name: 'quiz', hydrate: true },
} as const;

const root = fileURLToPath(new URL('.', import.meta.url));
const dist = fileURLToPath(new URL('../dist/web/', import.meta.url));

// No API at build time: every request stays pending, as on a first render before answers.
globalThis.fetch = () => new Promise<Response>(() => {});

const vite = await createServer({
  configFile: `${root}vite.config.ts`,
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  logLevel: 'error',
});
try {
  const { renderFirstFrame } = (await vite.ssrLoadModule('/src/prerender.tsx')) as typeof import('./src/prerender');
  const shell = readFileSync(`${dist}index.html`, 'utf8');
  if (!shell.includes('<div id="root"></div>'))
    throw new Error('dist/web/index.html has no empty <div id="root"></div>');
  const frames = new Map<string, string>();
  for (const path of Object.keys(PAGES)) {
    const frame = await renderFirstFrame(path);
    // A frame is markup only: the CSP allows no inline script, and the bundle does the rest.
    if (/<script/i.test(frame)) throw new Error(`the first frame of ${path} contains a <script>`);
    frames.set(path, frame);
  }
  const unstyled = componentsNotInFrameSources(Object.values(FRAME_SOURCES).flat());
  if (unstyled.length)
    throw new Error(`web/src/server-render.tsx renders ${unstyled.join(', ')}: add it to FRAME_SOURCES`);
  const styled = firstFrameStyles(shell);
  mkdirSync(`${dist}_frames`, { recursive: true });
  for (const [path, { name, hydrate }] of Object.entries(PAGES)) {
    const frame = frames.get(path) ?? '';
    // web/src/main.tsx hydrates a frame marked so, and replaces any other.
    const rootTag = hydrate ? HYDRATABLE_ROOT : '<div id="root">';
    const page = styled(name, [frame]).replace('<div id="root"></div>', `${rootTag}${frame}</div>`);
    writeFileSync(`${dist}_frames/${name}.html`, page);
    console.log(`prerendered ${path} → dist/web/_frames/${name}.html (${(frame.length / 1024).toFixed(1)} KB)`);
  }
  // The event page's frame is drawn by the Worker (worker/routes/pages.ts) into this shell.
  writeFileSync(`${dist}_frames/${EVENT_SHELL}.html`, styled(EVENT_SHELL, []));
} finally {
  await vite.close();
}

/**
 * `shell` for a page's frame (`name`, prerendered as `frames`): its own first frame's stylesheet
 * inlined ahead of the whole one, whose `<link>` is marked for the Worker to name for after the
 * first paint (web/first-frame-css.ts).
 */
function firstFrameStyles(shell: string) {
  const links = [...shell.matchAll(/<link rel="stylesheet"[^>]* href="(\/assets\/[^"]+\.css)">/g)];
  if (links.length !== 1) throw new Error(`dist/web/index.html links ${links.length} stylesheets, not one`);
  const [link, href] = links[0];
  const whole = readFileSync(`${dist}${href.slice(1)}`, 'utf8');
  return (name: keyof typeof FRAME_SOURCES, frames: string[]): string => {
    const css = firstFrameStylesheet([shell, ...frames], whole, FRAME_SOURCES[name]);
    if (/<\/style/i.test(css)) throw new Error(`${name}'s first-frame stylesheet could end its <style> element`);
    console.log(`${name}: first frame's stylesheet ${(gzipSync(css).length / 1024).toFixed(1)} KB gzip`);
    return shell.replace(link, `<style>${css}</style>${link.replace('<link ', `<link ${AFTER_PAINT} `)}`);
  };
}
