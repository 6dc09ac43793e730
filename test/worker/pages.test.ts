import { describe, expect, it } from 'vitest';
import { firstFramePage } from '../../worker/routes/pages';

/** The built index.html's shape: a stylesheet, the entry module, its preloads, an empty root. */
const SHELL = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/chunk-def.js">
<link rel="stylesheet" crossorigin href="/assets/index-123.css">
</head><body><div id="root"></div></body></html>`;

const shell = (body = SHELL, init: ResponseInit = {}) =>
  new Response(body, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      ETag: '"v1"',
      'Cache-Control': 'public, max-age=0, must-revalidate',
    },
    ...init,
  });

/** The built assets, as the ASSETS binding answers them. */
function assets(files: Record<string, string>, reads: string[] = []): Fetcher {
  return {
    fetch: async (input: RequestInfo | URL) => {
      const path = new URL(input instanceof Request ? input.url : input).pathname;
      reads.push(path);
      return path in files
        ? new Response(files[path], { headers: { 'Content-Type': 'text/css; charset=utf-8' } })
        : new Response('Not found', { status: 404 });
    },
    connect: () => {
      throw new Error('not used');
    },
  } as unknown as Fetcher;
}

const CSS = { '/assets/index-123.css': '.hero{color:red}' };
/** The page's stylesheet under a path of the test's own: the Worker keeps what it read by path. */
const shellWith = (css: string) => shell(SHELL.replace('/assets/index-123.css', css));

describe('firstFramePage', () => {
  it('inlines the stylesheet, names the scripts for after the first paint and puts the frame in #root', async () => {
    const res = firstFramePage(shell(), {
      assets: assets(CSS),
      replace: { selector: 'div#root', html: '<div id="root"><main><h1>Dinner</h1></main></div>' },
    });
    const html = await res.text();
    expect(html).toContain('<style>.hero{color:red}</style>');
    expect(html).not.toContain('rel="stylesheet"');
    // No script or preload the browser would fetch before the frame has painted: frame-taps.js
    // starts them from this element.
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain(
      '<script type="application/json" id="app-modules">{"entry":"/assets/index-abc.js","preload":["/assets/chunk-def.js"]}</script></head>',
    );
    expect(html).toContain('<div id="root"><main><h1>Dinner</h1></main></div>');
  });

  it('keeps the first frames’ own stylesheet and names the whole one for after the first paint', async () => {
    const reads: string[] = [];
    const built = SHELL.replace(
      '<link rel="stylesheet"',
      '<style>.hero{color:red}</style><link data-after-paint rel="stylesheet"',
    );
    const html = await firstFramePage(shell(built), { assets: assets(CSS, reads) }).text();
    expect(html).toContain('<style>.hero{color:red}</style>');
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain(
      '<script type="application/json" id="app-modules">{"entry":"/assets/index-abc.js","preload":["/assets/chunk-def.js"],"css":"/assets/index-123.css"}</script></head>',
    );
    // Nothing read: the page carries no second copy of the rules.
    expect(reads).toEqual([]);
  });

  it('hands over the data in a JSON element no value can break out of', async () => {
    const title = '</script><script>alert(1)</script> & <b>';
    const res = firstFramePage(shell(), {
      assets: assets(CSS),
      data: { queries: [{ key: ['events', 'x'], data: { event: { title } } }] },
    });
    const html = await res.text();
    const element = /<script type="application\/json" id="page-data">(.*?)<\/script><\/body>/s.exec(html);
    expect(element).not.toBeNull();
    expect(element?.[1]).not.toMatch(/[<>&]/);
    expect(JSON.parse(element?.[1] ?? '')).toEqual({ queries: [{ key: ['events', 'x'], data: { event: { title } } }] });
    expect(html).not.toContain('<script>alert(1)</script>');
  });

  it('keeps the <link> when the stylesheet is missing or could end the <style> element', async () => {
    const builds: Record<string, string>[] = [{}, { '/assets/unsafe-1.css': 'a::after{content:"</style>"}' }];
    for (const [i, files] of builds.entries()) {
      const path = i === 0 ? '/assets/missing-1.css' : '/assets/unsafe-1.css';
      const html = await firstFramePage(shellWith(path), { assets: assets(files) }).text();
      expect(html).toContain(`<link rel="stylesheet" crossorigin href="${path}">`);
      expect(html).not.toContain('<style>');
    }
  });

  it('reads a stylesheet once for all pages, and tries a missing one again', async () => {
    const reads: string[] = [];
    const files = { '/assets/once-1.css': '.a{}' };
    for (let i = 0; i < 3; i++)
      expect(await firstFramePage(shellWith('/assets/once-1.css'), { assets: assets(files, reads) }).text()).toContain(
        '<style>.a{}</style>',
      );
    expect(reads).toEqual(['/assets/once-1.css']);
    const missing: string[] = [];
    for (let i = 0; i < 2; i++)
      await firstFramePage(shellWith('/assets/late-1.css'), { assets: assets({}, missing) }).text();
    expect(missing).toEqual(['/assets/late-1.css', '/assets/late-1.css']);
  });

  it('drops the validator, so no stale frame or data is reused, and preloads the hero image', async () => {
    const res = firstFramePage(shell(), { assets: assets(CSS), preloadImage: '/images/events/gurugram.svg' });
    expect(res.headers.get('ETag')).toBeNull();
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    expect(res.headers.get('Link')).toBe('</images/events/gurugram.svg>; rel=preload; as=image; fetchpriority=high');
    await res.text();
  });

  it('passes anything but a page through untouched', async () => {
    const missing = shell('Not found', { status: 404 });
    expect(firstFramePage(missing, { assets: assets(CSS), replace: { selector: 'div#root', html: '<p>x</p>' } })).toBe(
      missing,
    );
    const css = new Response('a{}', { headers: { 'Content-Type': 'text/css' } });
    expect(firstFramePage(css, { assets: assets(CSS), replace: { selector: 'div#root', html: '<p>x</p>' } })).toBe(css);
  });
});
