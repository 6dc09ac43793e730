import { useRouter } from '@tanstack/react-router';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import './toast.css';

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
 * Structural types: the Worker's tsconfig has no DOM (see `Browser` below).
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

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** Ties the toasts to the page: see `navigationStarted`. A no-op outside a router (tests). */
function useToastsStayOnTheirPage() {
  const router = useRouter({ warn: false });
  useEffect(() => {
    if (!router) return;
    const offStart = router.subscribe('onBeforeNavigate', (e) => {
      if (e.pathChanged) navigationStarted();
    });
    const offEnd = router.subscribe('onResolved', (e) => navigationResolved(e.pathChanged));
    return () => {
      offStart();
      offEnd();
    };
  }, [router]);
}

/**
 * The few browser APIs the dialog tracking needs. The Worker renders this component on the server
 * too (tsconfig.worker.json has no DOM types), and effects only run in the browser.
 */
type ModalTarget = Parameters<typeof createPortal>[1] & { isConnected: boolean };
type Browser = {
  document: { querySelector(selector: string): ModalTarget | null; body: object };
  MutationObserver: new (
    callback: () => void,
  ) => { observe(target: object, options: object): void; disconnect(): void };
};
const browser = () => globalThis as unknown as Browser;

/** The open modal <dialog>, if any (jsdom knows no `:modal`). */
function openModal(): ModalTarget | null {
  try {
    return browser().document.querySelector('dialog:modal');
  } catch {
    return null;
  }
}

/**
 * A modal dialog makes the rest of the page inert: a toast outside it would sit dimmed behind its
 * backdrop, out of reach of its close button and of screen readers (the Book Your Spot dialog's
 * sign-in error, SPEC §8). While one is open, the toasts are drawn inside it.
 */
function useOpenModal(toastCount: number) {
  const [modal, setModal] = useState<ModalTarget | null>(null);
  useEffect(() => {
    const find = () => setModal(openModal());
    const { MutationObserver, document } = browser();
    const observer = new MutationObserver(find);
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['open'] });
    return () => observer.disconnect();
  }, []);
  // A dialog taken out of the page while open sends no `open` change: look again as toasts come.
  useEffect(() => {
    if (toastCount > 0) setModal(openModal());
  }, [toastCount]);
  return modal?.isConnected ? modal : null;
}

/**
 * The toast area, mounted once in the root layout (placed by toast.css: top on a phone, bottom
 * right from 640 px). Polite live region; errors are alerts.
 */
export function Toaster() {
  useToastsStayOnTheirPage();
  const list = useSyncExternalStore(subscribe, currentToasts, currentToasts);
  const modal = useOpenModal(list.length);
  const area = (
    <section aria-label="Notifications" data-testid="toaster" className="toaster">
      {list.map((t) => {
        const error = t.variant === 'destructive';
        return (
          <div
            key={t.id}
            role={error ? 'alert' : 'status'}
            aria-live={error ? 'assertive' : 'polite'}
            data-testid="toast"
            data-variant={error ? 'destructive' : 'default'}
            className="toast-card"
          >
            {/* Keyed by the repeat count: the same message asked for again is read out again. */}
            <div
              key={t.repeats}
              className={`flex min-w-0 flex-1 flex-col gap-0.5 ${t.repeats > 1 ? 'toast-repeat' : ''}`}
            >
              <p className="font-semibold break-words">{t.title}</p>
              {t.description && <p className="break-words opacity-90">{t.description}</p>}
            </div>
            <button
              type="button"
              className="toast-close"
              aria-label="Dismiss notification"
              onClick={() => dismiss(t.id)}
            >
              <span aria-hidden="true">✕</span>
            </button>
          </div>
        );
      })}
    </section>
  );
  return modal ? createPortal(area, modal) : area;
}
