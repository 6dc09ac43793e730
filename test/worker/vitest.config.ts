import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** Port of the sandbox these tests start; override with SANDBOX_TEST_PORT to run suites side by side. */
const sandboxPort = Number(process.env.SANDBOX_TEST_PORT ?? 8791);
process.env.SANDBOX_TEST_PORT = String(sandboxPort);

export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      main: `${root}worker/index.ts`,
      wrangler: { configPath: `${root}wrangler.toml` },
      miniflare: {
        // The tests' own secrets and provider URLs; providers point at an address nothing
        // listens on unless a test starts the sandbox (see test/worker/sandbox.ts).
        bindings: {
          SANDBOX_URL: `http://127.0.0.1:${sandboxPort}`,
          TEST_MIGRATIONS: await readD1Migrations(`${root}migrations`),
          APP_ORIGIN: 'http://localhost:8787',
          SESSION_SECRET: 'test-session-secret-0123456789abcdef',
          RAZORPAY_BASE_URL: `http://127.0.0.1:${sandboxPort}`,
          RAZORPAY_CHECKOUT_URL: `http://127.0.0.1:${sandboxPort}/checkout.js`,
          RAZORPAY_KEY_ID: 'rzp_test_sandbox',
          RAZORPAY_KEY_SECRET: 'sandbox_key_secret',
          RAZORPAY_WEBHOOK_SECRET: 'sandbox_webhook_secret',
          SMS_PROVIDER: 'msg91',
          TWILIO_BASE_URL: `http://127.0.0.1:${sandboxPort}/twilio`,
          TWILIO_ACCOUNT_SID: 'ACsandbox',
          TWILIO_AUTH_TOKEN: 'sandbox_twilio_token',
          TWILIO_FROM: '+15005550006',
          MSG91_BASE_URL: `http://127.0.0.1:${sandboxPort}/msg91`,
          MSG91_AUTH_KEY: 'sandbox_msg91_key',
          MSG91_TEMPLATE_ID: 'sandbox_template',
          EMAIL_BASE_URL: `http://127.0.0.1:${sandboxPort}/resend`,
          EMAIL_API_KEY: 're_sandbox',
          EMAIL_FROM: 'Tablemates <hello@tablemates.local>',
          WHATSAPP_BASE_URL: `http://127.0.0.1:${sandboxPort}/whatsapp`,
          WHATSAPP_TOKEN: 'sandbox_whatsapp_token',
          WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
          GOOGLE_ISSUER: `http://127.0.0.1:${sandboxPort}/google`,
          GOOGLE_CLIENT_ID: 'tablemates-local',
          GOOGLE_CLIENT_SECRET: 'sandbox_google_secret',
          TURNSTILE_BASE_URL: `http://127.0.0.1:${sandboxPort}/turnstile`,
          TURNSTILE_SITE_KEY: '',
          TURNSTILE_SECRET_KEY: '',
          BUSINESS_LEGAL_NAME: 'Tablemates Hospitality Private Limited',
          BUSINESS_ADDRESS: '12 Golf Course Road, Sector 42, Gurugram, Haryana 122002',
          BUSINESS_STATE_CODE: '06',
          GSTIN: '06AABCT1234C1Z5',
          GST_SAC_CODE: '998596',
          GST_RATE_PERCENT: '18',
          INVOICE_PREFIX: 'TM',
          GRIEVANCE_OFFICER_NAME: 'Asha Verma',
          GRIEVANCE_OFFICER_EMAIL: 'grievances@tablemates.local',
        },
      },
    })),
  ],
  // The Worker renders some of the SPA's components (worker/routes/pages.ts), imported as the SPA
  // does, with the router's `Link` drawn as the Worker bundles it (wrangler.toml `alias`).
  resolve: {
    alias: {
      '@': `${root}web/src`,
      '@domain': `${root}worker/domain`,
      '@tanstack/react-router': `${root}web/src/lib/first-frame-link.tsx`,
    },
  },
  test: {
    root,
    include: ['test/worker/**/*.test.ts'],
    setupFiles: ['test/worker/apply-migrations.ts'],
    // npm test runs this suite beside the web tests on 2 cores (test/run-all.sh): a test making 50
    // orders at once can pass vitest's default 5 s there without anything being wrong.
    testTimeout: 15_000,
    // Every core, not vitest's default of one less: on a 2-core machine that default is a single
    // worker, and once the web tests beside it end, the second core idled for about 3 minutes
    // (280 s → 118 s alone). Files run side by side safely: each has its own storage, and a
    // sandbox outage is only for the requests its test names (test/sandbox/faults.ts).
    maxWorkers: availableParallelism(),
    globalSetup: ['test/worker/global-setup.ts'],
  },
});
