// A global declaration file (no top-level import or export), so the `declare module` below applies.

declare namespace Cloudflare {
  /**
   * `env` from `cloudflare:test`: the generated bindings (worker/worker-configuration.d.ts),
   * typed as the Worker's own Env (its queue message, its checked settings) plus what the tests
   * add in test/worker/vitest.config.ts.
   */
  interface Env extends WorkerEnvForTests {
    // Declared again where the generated type and the Worker's differ (string → picklist,
    // Queue → Queue<BookingMessage>), so that the two bases agree.
    SMS_PROVIDER: WorkerEnvForTests['SMS_PROVIDER'];
    BOOKINGS: WorkerEnvForTests['BOOKINGS'];
    TEST_MIGRATIONS: D1Migration[];
    /** The sandbox the tests started (outbox, checkout/pay). */
    SANDBOX_URL: string;
  }
}

type WorkerEnvForTests = import('../../worker/env').Env;

/** Files imported as text (`?raw`), as Vite hands them to the tests. */
declare module '*?raw' {
  const text: string;
  export default text;
}
