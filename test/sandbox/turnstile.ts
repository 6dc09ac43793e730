import type { Route } from './http.ts';

/**
 * Cloudflare Turnstile's siteverify (https://developers.cloudflare.com/turnstile/get-started/server-side-validation/).
 * Any non-empty token passes except ones starting with "fail", so tests can exercise refusal.
 */
export function turnstileRoutes(): Route[] {
  return [
    {
      method: 'POST',
      pattern: '/turnstile/v0/siteverify',
      handler: (req) => {
        const { secret, response } = req.body as { secret?: string; response?: string };
        if (!secret) return { json: { success: false, 'error-codes': ['missing-input-secret'] } };
        if (!response) return { json: { success: false, 'error-codes': ['missing-input-response'] } };
        if (response.startsWith('fail')) return { json: { success: false, 'error-codes': ['invalid-input-response'] } };
        return {
          json: {
            success: true,
            challenge_ts: new Date().toISOString(),
            hostname: 'localhost',
            'error-codes': [],
            action: '',
            cdata: '',
          },
        };
      },
    },
  ];
}
