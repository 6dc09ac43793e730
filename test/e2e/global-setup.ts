import { rmSync } from 'node:fs';
import { startStack } from '../stack/stack.ts';
import { E2E_SANDBOX_PORT, E2E_STATE_DIR, E2E_WORKER_PORT } from './playwright.config.ts';

/** Fresh local D1 and the full stack on ports of its own, so a running `npm start` is untouched. */
export default async function globalSetup() {
  rmSync(E2E_STATE_DIR, { recursive: true, force: true });
  const stack = await startStack({
    workerPort: E2E_WORKER_PORT,
    sandboxPort: E2E_SANDBOX_PORT,
    persistTo: E2E_STATE_DIR,
    inlineVars: true,
    quiet: true,
  });
  process.env.SANDBOX_URL = stack.sandboxUrl;
  return async () => stack.stop();
}
