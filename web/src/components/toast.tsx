import { useSyncExternalStore } from 'react';

export type Toast = { id: number; title: string; description?: string; variant?: 'default' | 'destructive' };

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/**
 * Shows a notification on any screen (SPEC §2: "Global notification (toast) display").
 * @example toast({ title: 'Subscribed!', description: "You'll receive updates about our upcoming events." })
 */
export function toast(t: Omit<Toast, 'id'>, durationMs = 5000): number {
  const id = nextId++;
  toasts = [...toasts, { ...t, id }].slice(-4);
  emit();
  setTimeout(() => dismiss(id), durationMs);
  return id;
}

export function dismiss(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The toast area, mounted once in the root layout. Polite live region; errors are alerts. */
export function Toaster() {
  const list = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return (
    <section aria-label="Notifications" className="toast toast-end toast-bottom z-[100]">
      {list.map((t) => (
        <div
          key={t.id}
          role={t.variant === 'destructive' ? 'alert' : 'status'}
          aria-live={t.variant === 'destructive' ? 'assertive' : 'polite'}
          data-testid="toast"
          className={`alert max-w-sm items-start shadow-lg ${t.variant === 'destructive' ? 'alert-error' : 'bg-neutral text-neutral-content border-none'}`}
        >
          <div className="flex flex-col gap-0.5">
            <p className="font-semibold">{t.title}</p>
            {t.description && <p className="text-sm opacity-90">{t.description}</p>}
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-xs"
            aria-label="Dismiss notification"
            onClick={() => dismiss(t.id)}
          >
            ✕
          </button>
        </div>
      ))}
    </section>
  );
}
