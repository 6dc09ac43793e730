import { rmSync } from 'node:fs';
import { root, startStack } from '../stack/stack.ts';
import { E2E_SANDBOX_PORT, E2E_WORKER_PORT } from './playwright.config.ts';

/** Fresh local D1 and the full stack on ports of its own, so a running `npm start` is untouched. */
export default async function globalSetup() {
  const persistTo = `${root}.wrangler/e2e-state-${E2E_WORKER_PORT}`;
  rmSync(persistTo, { recursive: true, force: true });
  const stack = await startStack({
    workerPort: E2E_WORKER_PORT,
    sandboxPort: E2E_SANDBOX_PORT,
    persistTo,
    inlineVars: true,
    quiet: true,
  });
  process.env.SANDBOX_URL = stack.sandboxUrl;
  return async () => stack.stop();
}
