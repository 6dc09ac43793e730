import { Hono } from 'hono';
import {
  AFTER_PAINT,
  EVENT_SHELL,
  EVENTS_HEAD,
  eventPageData,
  eventPageFrame,
  eventsPageFrame,
  type FramePatch,
  HOME_HEAD,
  headTags,
  homePageFrame,
  jsonElement,
  pageDataElement,
  QUIZ_HEAD,
} from '@/server-render';
import type { AppEnv } from '../app-env';
import { database } from '../middleware/database';
import { listPublicCities } from '../services/cities';
import { findEventDetail, listBookableEvents } from '../services/events';

/**
 * The public landing pages, served so their first frame paints before the bundle has run
 * (wrangler.toml `run_worker_first`; why: docs/decisions/006-first-frames.md). A bare SPA
 * shows nothing until its bundle has downloaded and run and its API calls have answered; on a
 * slow phone that is seconds. Here the HTML already carries the page's first frame, drawn by
 * the SPA's own components, and the API answers the SPA would ask for first, so its first
 * render needs no round trip (web/src/main.tsx takes both over).
 *
 * - `/`: a frame prerendered at build time (web/prerender.ts), its city cards drawn in here from
 *   the `cities` rows (the SPA hydrates it: the same components draw the same answer).
 * - `/events`: the same, its placeholder cards swapped here for the list (the SPA hydrates it
 *   too: the same list component draws the same answer), whose images are the page's largest paint.
 * - `/event/:idOrCity`: the page is drawn here whole, from the event's row (the SPA hydrates it
 *   too: the same components draw the same answer). An unknown event gets the page with nothing
 *   drawn in: the SPA says it doesn't exist and moves on.
 * - `/quiz`: the prerendered frame as it is (the vibe check's first question; no data), which
 *   the SPA hydrates.
 *
 * If reading the data fails, the page goes out without it, and the SPA's own call shows the error.
 */
export const pageRoutes = new Hono<AppEnv>()
  .get('/', database, async (c) => {
    const [shell, cities] = await Promise.all([
      staticFrame(c.env.ASSETS, c.req.raw, 'home'),
      orNull(listPublicCities(c.var.db, new Date()), 'cities'),
    ]);
    return firstFramePage(shell, {
      assets: c.env.ASSETS,
      url: c.req.url,
      head: HOME_HEAD,
      ...(cities ? drawn(() => homePageFrame(cities), 'home page') : {}),
    });
  })
  .get('/events', database, async (c) => {
    const [shell, list] = await Promise.all([
      staticFrame(c.env.ASSETS, c.req.raw, 'events'),
      orNull(listBookableEvents(c.var.db, new Date()), 'events list'),
    ]);
    return firstFramePage(shell, {
      assets: c.env.ASSETS,
      url: c.req.url,
      head: EVENTS_HEAD,
      ...(list ? drawn(() => eventsPageFrame(list), 'events list') : {}),
    });
  })
  .get('/event/:idOrCity', database, async (c) => {
    const key = c.req.param('idOrCity');
    const [shell, event] = await Promise.all([
      staticFrame(c.env.ASSETS, c.req.raw, EVENT_SHELL),
      orNull(findEventDetail(c.var.db, key, new Date()), 'event'),
    ]);
    // Unknown: nothing drawn in, but the shell's whole stylesheet and bundle still named for
    // frame-taps.js (which starts them at once on an empty page), never render-blocking. A page
    // not drawn is the same, with the event's head and answer.
    if (!event) return firstFramePage(shell, { assets: c.env.ASSETS });
    const page = drawn(() => eventPageFrame(key, event), 'event page') ?? eventPageData(key, event);
    return firstFramePage(shell, { assets: c.env.ASSETS, url: c.req.url, ...page });
  })
  .get('/quiz', async (c) =>
    firstFramePage(await staticFrame(c.env.ASSETS, c.req.raw, 'quiz'), {
      assets: c.env.ASSETS,
      url: c.req.url,
      head: QUIZ_HEAD,
    }),
  )
  // A form submitted before the page's script has run, or with none (the footer's newsletter form
  // posts, so the address never lands in a URL or a log): nothing to take without the script, so
  // back to the page, where the assets would answer 405.
  .on('POST', ['/', '/events', '/event/:idOrCity', '/quiz'], (c) => c.redirect(c.req.path, 303))
  // 'Share my dinner' (issue 21): a trusted contact's page, for whoever holds the link only.
  .get('/shared/:token', async (c) => privatePage(await c.env.ASSETS.fetch(unconditional(c.req.raw))));

/**
 * The SPA's shell for a page only the holder of its link should see (a shared dinner): never kept
 * by a cache, never listed by a search engine, told both ways (the header for crawlers that read
 * headers, the meta tag for those that read the page). The SPA reads the page's data itself.
 */
export function privatePage(shell: Response): Response {
  if (!shell.ok || !shell.headers.get('Content-Type')?.includes('text/html')) return shell;
  const page = new HTMLRewriter()
    .on('head', {
      element: (head) => void head.append('<meta name="robots" content="noindex, nofollow">', { html: true }),
    })
    .transform(shell);
  const res = new Response(page.body, page);
  res.headers.delete('ETag');
  res.headers.set('Cache-Control', 'no-store');
  res.headers.set('X-Robots-Tag', 'noindex, nofollow');
  return res;
}

/**
 * A page's frame, or nothing when drawing it failed (a component the Worker cannot draw as the SPA
 * would, web/src/lib/first-frame-link.tsx): the page is still served, as with no data (`/`,
 * `/events`: their prerendered placeholders) or with no frame (the event page).
 */
function drawn(draw: () => FramePatch, what: string): FramePatch | null {
  try {
    return draw();
  } catch (error) {
    console.error(
      JSON.stringify({ level: 'error', msg: `page frame: drawing the ${what} failed`, error: String(error) }),
    );
    return null;
  }
}

/**
 * A page's data, or null when reading it failed: the page is still served, and the SPA asks
 * the API itself, which answers with the error the guest should see.
 */
async function orNull<T>(read: Promise<T>, what: string): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    console.error(
      JSON.stringify({ level: 'error', msg: `page data: reading the ${what} failed`, error: String(error) }),
    );
    return null;
  }
}

/**
 * A prerendered page (`dist/web/_frames/<name>.html`), or the SPA's plain index.html if the
 * build made none, e.g. after a bare `vite build`.
 */
async function staticFrame(assets: Fetcher, req: Request, name: string): Promise<Response> {
  const frame = await assets.fetch(unconditional(req, `/_frames/${name}`));
  return frame.ok ? frame : assets.fetch(unconditional(req));
}

/**
 * `req` (or another path of the same site) asked without validators: a 304 would tell the
 * browser to keep a copy whose frame and data are stale.
 */
function unconditional(req: Request, path?: string): Request {
  const headers = new Headers(req.headers);
  for (const name of ['If-None-Match', 'If-Modified-Since']) headers.delete(name);
  return new Request(path ? new URL(path, req.url) : req.url, { method: 'GET', headers });
}

/**
 * The id of the element naming the app's modules on a first-frame page, which frame-taps.js
 * fetches once the frame has painted (web/public/frame-taps.js reads the same id).
 */
export const APP_MODULES_ID = 'app-modules';

/**
 * The page `shell` made ready to paint at once: the first frames' stylesheet inlined (a shell
 * the build made without it: the whole stylesheet inlined), so nothing outside the HTML holds the
 * first paint; its scripts and the whole stylesheet not in the page but named for frame-taps.js,
 * which fetches them once the frame has painted, so the frame's fonts and images have the
 * connection to themselves (docs/decisions/006-first-frames.md); `replace` applied; `data` handed
 * to the SPA; `head` (title, description, link preview for `url`) in place of index.html's, since
 * link previewers run no script. The whole stylesheet is the guest app's (one file), cached like
 * the bundle, so later SPA navigations need no other.
 */
export function firstFramePage(
  shell: Response,
  { assets, url, replace, data, preloadImage, head }: FramePatch & { assets: Fetcher; url?: string },
): Response {
  if (!shell.ok || !shell.headers.get('Content-Type')?.includes('text/html')) return shell;
  // The entry module and its preloads, all in index.html's head, named at the head's end instead;
  // so is the whole stylesheet where the first frames' own is inlined (web/prerender.ts).
  const modules: { entry: string; preload: string[]; css?: string } = { entry: '', preload: [] };
  let rewriter = new HTMLRewriter()
    .on('link[rel="stylesheet"][href^="/assets/"]', {
      element: async (link) => {
        const href = link.getAttribute('href') ?? '';
        if (link.hasAttribute(AFTER_PAINT)) {
          modules.css = href;
          link.remove();
          return;
        }
        const css = await stylesheetText(assets, href);
        if (css !== null) link.replace(`<style>${css}</style>`, { html: true });
      },
    })
    .on('script[type="module"][src]', {
      element: (script) => {
        modules.entry = script.getAttribute('src') ?? '';
        script.remove();
      },
    })
    .on('link[rel="modulepreload"][href]', {
      element: (link) => {
        modules.preload.push(link.getAttribute('href') ?? '');
        link.remove();
      },
    })
    .on('head', {
      element: (head) =>
        head.onEndTag((end) => {
          if (modules.entry) end.before(jsonElement(APP_MODULES_ID, modules), { html: true });
        }),
    });
  if (replace)
    rewriter = rewriter.on(replace.selector, {
      element: (element) => void element.replace(replace.html, { html: true }),
    });
  if (data)
    rewriter = rewriter.on('body', { element: (body) => void body.append(pageDataElement(data), { html: true }) });
  if (head && url)
    rewriter = rewriter
      .on('title', { element: (title) => void title.setInnerContent(head.title) })
      .on('meta[name="description"], meta[property^="og:"], meta[name^="twitter:"]', {
        element: (meta) => void meta.remove(),
      })
      .on('head', { element: (el) => void el.append(headTags(head, url), { html: true }) });
  const page = rewriter.transform(shell);

  const res = new Response(page.body, page);
  // The page may carry seats left and prices: no validator that would let a stale copy stand.
  res.headers.delete('ETag');
  res.headers.set('Cache-Control', 'no-cache');
  if (preloadImage) res.headers.append('Link', `<${preloadImage}>; rel=preload; as=image; fetchpriority=high`);
  return res;
}

/**
 * Built stylesheets' texts by path, kept for the isolate's life: their names carry a content
 * hash, so a path never changes meaning, and every landing page would read the same file.
 */
const stylesheets = new Map<string, Promise<string | null>>();

/** A built stylesheet's text, or null to keep the `<link>` (missing, or unsafe to inline). */
function stylesheetText(assets: Fetcher, path: string): Promise<string | null> {
  let text = stylesheets.get(path);
  if (!text) {
    text = readStylesheet(assets, path);
    stylesheets.set(path, text);
    // A failed read is not remembered: the next page tries again.
    void text.then((css) => css === null && stylesheets.delete(path));
  }
  return text;
}

async function readStylesheet(assets: Fetcher, path: string): Promise<string | null> {
  const res = await assets.fetch(new URL(path, 'https://assets.local'));
  if (!res.ok || !res.headers.get('Content-Type')?.includes('text/css')) return null;
  const css = await res.text();
  // Inside <style>, only this sequence could end the element early.
  return /<\/style/i.test(css) ? null : css;
}
