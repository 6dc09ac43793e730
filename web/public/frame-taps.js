/*
 * Taps on a page's first frame, kept for the SPA (docs/decisions/006-first-frames.md).
 *
 * The Worker serves the landing pages with their first frame as plain HTML; once its bundle has
 * run, the SPA hydrates it, or replaces it where the Worker drew the page itself (the event page,
 * docs/decisions/010-hydrate-or-swap.md). Until then nothing listens to the frame: a button
 * does nothing, and a form would submit itself to the page's own URL. This records such taps
 * and submits, and web/src/lib/first-frame.tsx replays them once the SPA has the page, with
 * what was typed. Recording stops as hydration starts (React handles taps from then) or in the
 * commit that replaced the frame.
 * Links are left alone: the browser follows them as usual. So are radios and checkboxes (a
 * quiz answer): they show the guest's pick at once, and first-frame.tsx reads it with the text.
 *
 * Plain JavaScript in public/: it must run before the bundle has arrived, and the CSP allows no
 * inline script. Loaded `async` right after #root, so it runs as soon as it arrives, whatever
 * the bundle is doing.
 */
(() => {
  const root = document.getElementById('root');
  // null: the SPA already has the page (this script arrived after the bundle, e.g. the bundle
  // came from the cache first); recording now would swallow every tap for good.
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
