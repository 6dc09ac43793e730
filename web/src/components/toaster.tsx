/**
 * The toast area (see ./toast.tsx for the toasts themselves), mounted once by the root layout. In a
 * module of its own because it needs react-dom for its portal: the Worker renders components that
 * import ./toast.tsx, and must not bundle the browser's react-dom with them (issue 23).
 */
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { currentToasts, dismiss, navigationResolved, navigationStarted, subscribeToToasts, ToastArea } from './toast';
import './toast.css';

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
  const list = useSyncExternalStore(subscribeToToasts, currentToasts, currentToasts);
  const modal = useOpenModal(list.length);
  const area = (
    <ToastArea>
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
    </ToastArea>
  );
  return modal ? createPortal(area, modal) : area;
}
