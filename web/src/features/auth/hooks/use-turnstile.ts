import { useCallback, useEffect, useRef } from 'react';

type TurnstileApi = {
  render: (el: HTMLElement, opts: Record<string, unknown>) => string;
  execute: (id: string) => void;
  reset: (id: string) => void;
  remove: (id: string) => void;
};
declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

const SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
let loading: Promise<TurnstileApi> | null = null;

/** Loads Cloudflare's script once, only when a site key is configured (never locally). */
function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = SCRIPT;
    s.async = true;
    s.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('turnstile missing')));
    s.onerror = () => reject(new Error('turnstile script failed'));
    document.head.appendChild(s);
  });
  return loading;
}

/**
 * The invisible Turnstile bot check (SPEC §7: phone verification is protected by an invisible
 * bot check). With no site key it is a no-op and `getToken` answers undefined.
 * https://developers.cloudflare.com/turnstile/get-started/client-side-rendering/
 */
export function useTurnstile(siteKey: string | null | undefined) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<string | null>(null);
  const pending = useRef<((token: string | undefined) => void) | null>(null);

  useEffect(() => {
    if (!siteKey || !container.current) return;
    let cancelled = false;
    loadTurnstile()
      .then((t) => {
        if (cancelled || !container.current) return;
        widget.current = t.render(container.current, {
          sitekey: siteKey,
          size: 'invisible',
          execution: 'execute',
          callback: (token: string) => pending.current?.(token),
          'error-callback': () => pending.current?.(undefined),
        });
      })
      // Initialisation failure is only logged (SPEC §8); the server then refuses the send.
      .catch((e) => console.warn('bot check failed to initialise', e));
    return () => {
      cancelled = true;
      if (widget.current) window.turnstile?.remove(widget.current);
      widget.current = null;
    };
  }, [siteKey]);

  const getToken = useCallback(async (): Promise<string | undefined> => {
    if (!siteKey || !widget.current || !window.turnstile) return undefined;
    const id = widget.current;
    return new Promise((resolve) => {
      pending.current = resolve;
      // A token is single-use: clear the previous one before asking for a fresh one.
      window.turnstile?.reset(id);
      window.turnstile?.execute(id);
      setTimeout(() => resolve(undefined), 15_000);
    });
  }, [siteKey]);

  const reset = useCallback(() => {
    if (widget.current) window.turnstile?.reset(widget.current);
  }, []);

  return { container, getToken, reset };
}
