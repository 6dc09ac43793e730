import type { Env } from '../../worker/env';

declare global {
  namespace Cloudflare {
    interface Env extends Omit<import('../../worker/env').Env, never> {
      TEST_MIGRATIONS: D1Migration[];
      /** The sandbox the tests started (outbox, checkout/pay). */
      SANDBOX_URL: string;
    }
  }
}
export type { Env };
