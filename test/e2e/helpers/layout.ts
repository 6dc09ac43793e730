import { expect, type Locator, type Page } from '@playwright/test';

/**
 * What the guest reads and taps: text in tiles, cards and buttons, and the blocks that hold it.
 * Fields (input, select, textarea) scroll their own text and are left out.
 */
const CHECKED =
  'button, .btn, a, label, .card, article, li, dd, dt, .badge, [data-testid="toast"], h1, h2, h3, h4, p, figcaption, legend, summary';

export type Overflow = { what: string; text: string; scrollWidth: number; clientWidth: number; right?: number };

/**
 * Everything on the page whose content is wider than its box (scrollWidth > clientWidth), or
 * that sticks out past the viewport's right edge, plus the page itself scrolling sideways. Hidden
 * elements, screen-reader-only text, deliberate ellipses and sideways scrollers are skipped.
 * @example expect(await overflows(page)).toEqual([]);
 */
export async function overflows(page: Page, root: Locator | null = null): Promise<Overflow[]> {
  const within = root ? await root.elementHandle() : null;
  return page.evaluate(
    ({ selector, scope }) => {
      const found: Overflow[] = [];
      const doc = document.documentElement;
      const viewport = doc.clientWidth;
      if (doc.scrollWidth > viewport + 1)
        found.push({ what: 'the page', text: '', scrollWidth: doc.scrollWidth, clientWidth: viewport });
      const nameOf = (el: Element) =>
        `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${
          typeof el.className === 'string' && el.className
            ? `.${el.className.trim().split(/\s+/).slice(0, 4).join('.')}`
            : ''
        }`;
      const hidden = (el: Element) => {
        for (let e: Element | null = el; e; e = e.parentElement) {
          const s = getComputedStyle(e);
          if (s.display === 'none' || s.visibility === 'hidden' || Number(s.opacity) === 0) return true;
          // Screen-reader-only text (Tailwind's sr-only): clipped to a pixel on purpose.
          if (s.position === 'absolute' && (s.clip === 'rect(0px, 0px, 0px, 0px)' || s.clipPath === 'inset(50%)'))
            return true;
        }
        return false;
      };
      const scroller = (el: Element) => {
        for (let e: Element | null = el.parentElement; e && e !== doc; e = e.parentElement) {
          const x = getComputedStyle(e).overflowX;
          if (x === 'auto' || x === 'scroll') return true;
        }
        return false;
      };
      for (const el of (scope ?? document).querySelectorAll(selector)) {
        if (!(el instanceof HTMLElement) || hidden(el) || scroller(el)) continue;
        const s = getComputedStyle(el);
        if (
          s.display === 'inline' ||
          s.textOverflow === 'ellipsis' ||
          s.overflowX === 'auto' ||
          s.overflowX === 'scroll'
        )
          continue;
        const rect = el.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) continue;
        const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
        if (el.scrollWidth > el.clientWidth + 1)
          found.push({ what: nameOf(el), text, scrollWidth: el.scrollWidth, clientWidth: el.clientWidth });
        else if (rect.right > viewport + 1 && s.position !== 'fixed')
          found.push({
            what: nameOf(el),
            text,
            scrollWidth: el.scrollWidth,
            clientWidth: el.clientWidth,
            right: Math.round(rect.right),
          });
      }
      return found;
    },
    { selector: CHECKED, scope: within as unknown as Element | null },
  );
}

/** Waits for the web fonts (widths depend on them), then expects nothing to overflow. */
export async function expectNoOverflow(page: Page, where: string) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  expect(await overflows(page), `overflowing on ${where} at ${page.viewportSize()?.width}px`).toEqual([]);
}

/**
 * Words that do not fit their line: for each element, the widest unbreakable run of its text
 * (split at spaces and after a slash, where the quiz tiles let a name wrap) against the width
 * its text has. A word wider than that is broken mid-word or spills, even when scrollWidth says
 * nothing (overflow-wrap breaks it quietly).
 */
export async function wordsTooWide(
  locator: Locator,
): Promise<Array<{ text: string; word: string; word_px: number; room_px: number }>> {
  return locator.evaluateAll((els) => {
    const probe = document.createElement('span');
    probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap;left:-9999px';
    document.body.appendChild(probe);
    const out: Array<{ text: string; word: string; word_px: number; room_px: number }> = [];
    for (const el of els as HTMLElement[]) {
      const s = getComputedStyle(el);
      probe.style.font = s.font;
      probe.style.letterSpacing = s.letterSpacing;
      const room = el.clientWidth - Number.parseFloat(s.paddingLeft) - Number.parseFloat(s.paddingRight);
      const text = (el.textContent ?? '').trim();
      for (const word of text.split(/\s+|(?<=\/)/).filter(Boolean)) {
        probe.textContent = word;
        const width = probe.getBoundingClientRect().width;
        if (width > room + 0.5) out.push({ text, word, word_px: Math.round(width), room_px: Math.round(room) });
      }
    }
    probe.remove();
    return out;
  });
}

/** Whether two boxes share any area. */
export function overlap(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
