/** `npm start`: build, migrate, seed, sandbox, wrangler dev — then print where to go. */
import { copyFileSync, existsSync } from 'node:fs';
import { root, startStack } from './stack.ts';

if (!existsSync(`${root}.dev.vars`)) {
  copyFileSync(`${root}.dev.vars.example`, `${root}.dev.vars`);
  console.log('Wrote .dev.vars from .dev.vars.example (every provider points at the local sandbox).');
}
const stack = await startStack({ workerPort: 8787, sandboxPort: 8790, build: true });
console.log(`
  Tablemates is running:   ${stack.url}
  Sandbox outbox (codes):  ${stack.sandboxUrl}/
  Press Ctrl+C to stop.
`);
const shutdown = async () => {
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
