import { useLayoutEffect } from 'react';

/**
 * Taking over a first frame the Worker served in the page's HTML (worker/routes/pages.ts,
 * docs/decisions/006-first-frames.md). React replaces the frame rather than hydrating it, so
 * what the guest did in the frame is carried across: the taps web/public/frame-taps.js kept,
 * and what was typed into its fields.
 */

type Tap = { text: string; index: number };

declare global {
  interface Window {
    /** Set by web/public/frame-taps.js while the frame is on screen. */
    __frameTaps?: Tap[];
  }
}

type Field = HTMLInputElement | HTMLTextAreaElement;
const fields = (root: HTMLElement) => [...root.querySelectorAll<Field>('input[name], textarea[name]')];
const label = (button: Element) => button.textContent?.trim() ?? '';

/** What the guest typed into the frame's fields, by name and position. Read just before React replaces it. */
export function typedValues(root: HTMLElement): Map<string, string> {
  const typed = new Map<string, string>();
  fields(root).forEach((field, i) => {
    if (field.value !== field.defaultValue) typed.set(`${field.name}#${i}`, field.value);
  });
  return typed;
}

/**
 * Puts `typed` back into the SPA's own fields, then replays `taps` on the SPA's buttons (same
 * label, same position among those with it). Each is its own event, as the guest's were.
 */
async function replay(root: HTMLElement, typed: Map<string, string>, taps: Tap[]): Promise<void> {
  // React renders an event's updates after it; let it, before the next event reads them.
  const settle = () => new Promise((resolve) => setTimeout(resolve));
  fields(root).forEach((field, i) => {
    const value = typed.get(`${field.name}#${i}`);
    if (value === undefined) return;
    // React tracks a controlled field's value; set it through the native setter and announce it.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
  for (const tap of taps) {
    await settle();
    const same = [...root.querySelectorAll('button')].filter((b) => label(b) === tap.text);
    same[tap.index]?.click();
  }
}

let takenOver = false;

/**
 * Carries the frame over into the SPA's first render. Taps stop being recorded in the commit
 * that replaced the frame (a layout effect runs in the same task), so none can land in between
 * and be handled twice; the replay runs just after, outside React's commit, where each event
 * is handled in full before the next, as the guest's were.
 */
export function FrameReplay({ root, typed }: { root: HTMLElement; typed: Map<string, string> }) {
  useLayoutEffect(() => {
    if (takenOver) return;
    takenOver = true;
    const taps = window.__frameTaps ?? [];
    window.__frameTaps = undefined;
    setTimeout(() => void replay(root, typed, taps));
  }, [root, typed]);
  return null;
}
