/*
 * Taps on a page's first frame, kept for the SPA, and the SPA started once the frame has painted
 * (docs/decisions/006-first-frames.md).
 *
 * The Worker serves the landing pages with their first frame as plain HTML; once its bundle has
 * run, the SPA hydrates it (docs/decisions/010-hydrate-or-swap.md), or replaces a frame not
 * marked as its own first render. Until then nothing listens to the frame: a button does
 * nothing, and a form would submit itself to the page's own URL. This records such taps and
 * submits, and web/src/lib/first-frame.tsx replays them once the SPA has the page, with what was
 * typed. Recording stops as hydration starts (React handles taps from then) or in the commit
 * that replaced the frame.
 * Links are left alone: the browser follows them as usual. So are radios and checkboxes (a
 * quiz answer): they show the guest's pick at once, and first-frame.tsx reads it with the text.
 *
 * On those pages the bundle and the whole stylesheet are not in the HTML (the page inlines only
 * its first frame's rules): the Worker names them in `#app-modules` (worker/routes/pages.ts), and
 * this fetches them after the frame's first paint, so the HTML, fonts and images the frame shows
 * are not sharing a slow connection with 100 KB of script; the bundle runs once the stylesheet
 * has loaded. The SPA's own shell (every other page) has its module script and stylesheet as
 * built, and no `#app-modules`.
 *
 * Plain JavaScript in public/: it must run before the bundle has arrived, and the CSP allows no
 * inline script. Loaded `async` right after #root, so it runs as soon as it arrives.
 */
(() => {
  const root = document.getElementById('root');
  // null: the SPA already has the page (on the SPA's own shell this script can arrive after the
  // bundle, e.g. the bundle came from the cache first); recording now would swallow every tap for good.
  if (!root?.firstElementChild || window.__frameTaps === null) return;
  /** @type {{ text: string, index: number }[]} */
  const taps = [];
  window.__frameTaps = taps;
  const label = (button) => button.textContent.trim();
  const record = (button) => {
    const same = [...root.querySelectorAll('button')].filter((b) => label(b) === label(button));
    taps.push({ text: label(button), index: same.indexOf(button) });
  };
  const active = () => window.__frameTaps === taps;
  root.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (!active() || !button) return;
      event.preventDefault();
      record(button);
    },
    true,
  );
  // Enter in a field submits its form without a click.
  root.addEventListener(
    'submit',
    (event) => {
      if (!active()) return;
      event.preventDefault();
      const button = event.submitter ?? event.target.querySelector('button[type="submit"], button:not([type])');
      if (button) record(button);
    },
    true,
  );
})();

// The SPA's modules, on a first-frame page: fetched once the frame has painted (above).
(() => {
  const named = document.getElementById('app-modules');
  if (!named) return;
  /** @type {{ entry: string, preload: string[], css?: string }} */
  const modules = JSON.parse(named.textContent);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // The whole stylesheet, where the page inlines only its first frame's (web/first-frame-css.ts):
    // the app's other screens need it before the bundle draws them.
    const sheet = modules.css ? link('stylesheet', modules.css) : undefined;
    // As index.html has them: the entry's imports preloaded beside it, one CORS mode for both. The
    // entry itself too, which may wait for the stylesheet to run but downloads beside it.
    for (const href of [modules.entry, ...modules.preload]) link('modulepreload', href);
    // A module added by a script runs as soon as it arrives, even mid-parse; index.html's ran once
    // the page was parsed, with the page's data (#page-data, at the end of the body) in it.
    const parsed = new Promise((resolve) => {
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', resolve, { once: true });
      else resolve();
    });
    // A stylesheet that fails to load leaves the app to start unstyled rather than not at all.
    const styled = new Promise((resolve) => {
      if (!sheet) return resolve();
      sheet.addEventListener('load', resolve, { once: true });
      sheet.addEventListener('error', resolve, { once: true });
    });
    Promise.all([parsed, styled]).then(() => {
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = modules.entry;
      document.head.append(script);
    });
  };
  const link = (rel, href) => {
    const element = document.createElement('link');
    element.rel = rel;
    element.crossOrigin = '';
    element.href = href;
    document.head.append(element);
    return element;
  };
  // A page with no frame (the build made none) may have nothing to paint: it starts at once.
  if (!document.getElementById('root')?.firstElementChild) return start();
  // However the paint goes unreported (Firefox and Safari report only a contentful one; a tab
  // opened in the background paints nothing until shown), the app starts by the time the page has
  // loaded, or after 3 s on a page still loading.
  addEventListener('pageshow', start, { once: true });
  setTimeout(start, 3000);
  // The browser says when it has painted (an animation frame can come and go unpainted while the
  // page loads); one without paint timing starts after the next frame.
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((_, observer) => {
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } else requestAnimationFrame(() => setTimeout(start, 0));
})();
