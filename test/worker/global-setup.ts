import type { TestProject } from 'vitest/node';
import { startSandbox } from '../sandbox/server.ts';

/** The third-party sandbox on a port of its own, so worker tests hit real HTTP. */
export default async function setup(_project: TestProject) {
  const sandbox = await startSandbox({ port: Number(process.env.SANDBOX_TEST_PORT ?? 8791), workerUrl: null });
  return async () => sandbox.close();
}
