import { useLayoutEffect } from 'react';

/**
 * Taking over a first frame the Worker served in the page's HTML (worker/routes/pages.ts,
 * docs/decisions/006-first-frames.md, 010-hydrate-or-swap.md). React hydrates the frame, or
 * replaces one not marked as its own first render; either way nothing listens to it until
 * the bundle has run, so what the guest did meanwhile is carried across: the taps
 * web/public/frame-taps.js kept and what was typed into its fields.
 */

type Tap = { text: string; index: number };

declare global {
  interface Window {
    /**
     * Set by web/public/frame-taps.js while the frame is on screen; null once the SPA has the
     * page, so a script that arrives after the bundle does not start recording.
     */
    __frameTaps?: Tap[] | null;
  }
}

type Field = HTMLInputElement | HTMLTextAreaElement;
const fields = (root: HTMLElement) => [...root.querySelectorAll<Field>('input[name], textarea[name]')];
// Selects apart: the DOM typings do not let HTMLSelectElement stand in a querySelectorAll union.
const selects = (root: HTMLElement) => [...root.getElementsByTagName('select')].filter((select) => select.name);
/** The option a select starts on: the one marked selected, else the first. */
const defaultOption = (select: HTMLSelectElement) =>
  [...select.options].find((o) => o.defaultSelected)?.value ?? select.options[0]?.value ?? '';
const label = (button: Element) => button.textContent?.trim() ?? '';
const checkable = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox');

/**
 * What the guest typed or picked in the frame's fields, by name and position: a text, or for a
 * radio or checkbox the state it was clicked into (a radio only where it was picked: the one it
 * replaced in its group follows). Read just before React hydrates or replaces them.
 */
export function typedValues(root: HTMLElement): Map<string, string | boolean> {
  const typed = new Map<string, string | boolean>();
  fields(root).forEach((field, i) => {
    const key = `${field.name}#${i}`;
    if (!checkable(field)) {
      if (field.value !== field.defaultValue) typed.set(key, field.value);
    } else if (field.checked !== field.defaultChecked && (field.checked || field.type === 'checkbox'))
      typed.set(key, field.checked);
  });
  selects(root).forEach((select, i) => {
    if (select.value !== defaultOption(select)) typed.set(`select:${select.name}#${i}`, select.value);
  });
  return typed;
}

/**
 * Puts `typed` back into the SPA's own fields, then replays `taps` on the SPA's buttons (same
 * label, same position among those with it). Each is its own event, as the guest's were.
 */
async function replay(root: HTMLElement, typed: Map<string, string | boolean>, taps: Tap[]): Promise<void> {
  // React renders an event's updates after it; let it, before the next event reads them.
  const settle = () => new Promise((resolve) => setTimeout(resolve));
  selects(root).forEach((select, i) => {
    const value = typed.get(`select:${select.name}#${i}`);
    if (typeof value !== 'string') return;
    // React hydrates a select without touching what it shows, and its onChange reads the change
    // event alone (no tracked value): so the pick shows already, and its change is told.
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
  fields(root).forEach((field, i) => {
    const value = typed.get(`${field.name}#${i}`);
    if (value === undefined) return;
    // React hydrates what is inside a Suspense boundary (the route's page) after the root,
    // unless an event there needs it at once: this one makes it hydrate the field now. No
    // change reaches the SPA: React takes the value the field holds then as the one it has seen.
    field.dispatchEvent(new Event('input', { bubbles: true }));
    if (typeof value === 'boolean') {
      // A radio or checkbox: React has seen the state it holds; make it see the other (its
      // tracked setter), then click, as the guest did, into the state the guest chose.
      (field as HTMLInputElement).checked = !value;
      (field as HTMLInputElement).click();
      return;
    }
    // So make it see another (through the setter it tracks values with), then set the typed one
    // behind its back (the native setter) and announce it: a change.
    field.value = value === '' ? ' ' : '';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
  for (const tap of taps) {
    await settle();
    const same = [...root.querySelectorAll('button')].filter((b) => label(b) === tap.text);
    same[tap.index]?.click();
  }
}

/**
 * The taps kept so far, and no more kept after: call it just before hydrating. From then on
 * React listens to the frame itself; a tap during hydration makes it finish hydrating and
 * handle the tap, so recording it too would handle it twice.
 */
export function takeFrameTaps(): Tap[] {
  const taps = window.__frameTaps ?? [];
  window.__frameTaps = null;
  return taps;
}

let takenOver = false;

/**
 * Replays what was done in the frame once the SPA has it (its layout effect runs in the commit
 * that hydrated or replaced the frame). `taps` are the ones taken when hydration started; for a
 * frame that is replaced, taps stop being recorded in that commit, so none can land in between
 * and be handled twice. The replay runs just after, outside React's commit, where each event
 * is handled in full before the next, as the guest's were.
 */
export function FrameReplay({
  root,
  typed,
  taps,
}: {
  root: HTMLElement;
  typed: Map<string, string | boolean>;
  taps?: Tap[];
}) {
  useLayoutEffect(() => {
    if (takenOver) return;
    takenOver = true;
    const done = taps ?? takeFrameTaps();
    if (typed.size || done.length) setTimeout(() => void replay(root, typed, done));
  }, [root, typed, taps]);
  return null;
}
