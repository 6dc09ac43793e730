/**
 * The toasts: what is on screen and the calls that change it, for any component to use. The
 * Toaster that draws them is in ./toaster.tsx, which only the root layout mounts: it uses the
 * browser's react-dom (a portal), which the Worker, rendering components that raise toasts on the
 * server, must not bundle (issue 23: 135 KB).
 */

import type { ReactNode } from 'react';

/**
 * The toast area's element (placed by toast.css): the Toaster draws the toasts in it, and with
 * none it is what the root layout draws below every page, as the Worker does below the event
 * page's first frame (web/src/server-render.tsx), which the SPA hydrates.
 */
export function ToastArea({ children }: { children?: ReactNode }) {
  return (
    <section aria-label="Notifications" data-testid="toaster" className="toaster">
      {children}
    </section>
  );
}

export type ToastVariant = 'default' | 'destructive';
export type Toast = {
  id: number;
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** How many times this very message has been asked for while on screen (1, then 2…). */
  repeats: number;
  /** Order of the last time it was asked for: what "before the navigation" compares against. */
  seq: number;
  /** When it was last asked for (ms): a notice raised just before a navigation is for the next page. */
  at: number;
};
export type ToastInput = Pick<Toast, 'title' | 'description' | 'variant'>;

/** At most this many on screen from 640 px; the oldest gives way. */
const MAX_TOASTS = 3;

/**
 * On a phone one at a time: a new toast replaces the one before (issue 24: three stacked over the
 * profile form's heading). Read per toast, so a turned or resized window counts as it is now.
 * Structural types: the Worker's tsconfig has no DOM (see `Browser` in ./toaster.tsx).
 */
const PHONE = '(max-width: 639.98px)';
function maxOnScreen(): number {
  const { matchMedia } = globalThis as { matchMedia?: (query: string) => { matches: boolean } };
  return typeof matchMedia === 'function' && matchMedia(PHONE).matches ? 1 : MAX_TOASTS;
}

let toasts: Toast[] = [];
let nextId = 1;
let seq = 0;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

const sameMessage = (a: ToastInput, b: ToastInput) =>
  a.title === b.title &&
  (a.description ?? '') === (b.description ?? '') &&
  (a.variant ?? 'default') === (b.variant ?? 'default');

function stopTimer(id: number) {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

function schedule(id: number, durationMs: number) {
  stopTimer(id);
  timers.set(
    id,
    setTimeout(() => dismiss(id), durationMs),
  );
}

/**
 * Shows a notification on any screen (SPEC §2: "Global notification (toast) display"). The same
 * message (title, text and kind) already on screen is not stacked a second time: it stays where
 * it is, its timer starts again and it is announced again (issue 14). On a phone a new message
 * replaces the one on screen; from 640 px up to three stack (issue 24).
 * @example toast({ title: 'Subscribed!', description: "You'll receive updates about our upcoming events." })
 */
export function toast(t: ToastInput, durationMs = 5000): number {
  seq += 1;
  const same = toasts.find((x) => sameMessage(x, t));
  if (same) {
    toasts = toasts.map((x) => (x.id === same.id ? { ...x, repeats: x.repeats + 1, seq, at: Date.now() } : x));
    schedule(same.id, durationMs);
    emit();
    return same.id;
  }
  const id = nextId++;
  const all = [...toasts, { ...t, id, repeats: 1, seq, at: Date.now() }];
  const max = maxOnScreen();
  for (const gone of all.slice(0, -max)) stopTimer(gone.id);
  toasts = all.slice(-max);
  schedule(id, durationMs);
  emit();
  return id;
}

export function dismiss(id: number) {
  stopTimer(id);
  if (!toasts.some((t) => t.id === id)) return;
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/**
 * Takes every toast off the screen: when something covers the page, such as the payment window
 * ('Invalid Coupon' sat over Razorpay's checkout, issue 24).
 */
export function dismissAll() {
  for (const t of toasts) dismiss(t.id);
}

/** The toasts on screen, oldest first (tests, and the Toaster). */
export const currentToasts = (): readonly Toast[] => toasts;

/*
 * Toasts belong to the page that raised them (issues 14 and 24). When a navigation to another path
 * starts, the toasts on screen are marked as that page's; once the new page has resolved they go.
 * Two kinds stay, as they are about where the guest is going: anything raised during the
 * navigation itself (a loader's 'This event doesn't exist' before its redirect), and a notice
 * raised just before it, by the step that moves the guest on ('Vibe check complete ✓' / 'One
 * more step to complete your profile!' on the way to the profile form). An error never rides along.
 */
let navigationStartSeq: number | null = null;
let navigationStartAt = 0;

/** How long before a navigation a notice may be raised and still be the next page's (ms). */
export const HANDOFF_MS = 1500;

/** A navigation to another path has begun (the router's onBeforeNavigate). */
export function navigationStarted(now = Date.now()) {
  if (navigationStartSeq !== null) return;
  navigationStartSeq = seq;
  navigationStartAt = now;
}

/** The navigation has resolved (onResolved): on a new path, the previous page's toasts go. */
export function navigationResolved(pathChanged: boolean) {
  const before = navigationStartSeq;
  navigationStartSeq = null;
  if (!pathChanged || before === null) return;
  for (const t of toasts) {
    if (t.seq > before) continue;
    const handoff = t.variant !== 'destructive' && navigationStartAt - t.at <= HANDOFF_MS;
    if (!handoff) dismiss(t.id);
  }
}

/** Calls `l` whenever the toasts change (the Toaster's store). */
export function subscribeToToasts(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}
