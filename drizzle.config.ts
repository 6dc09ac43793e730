import { registerHooks } from 'node:module';
import { defineConfig } from 'drizzle-kit';

// drizzle-kit loads db/schema.ts itself, without the bundlers' aliases: resolve `@domain/*` (the one
// spelling of the domain's imports, tsconfig `paths`) to worker/domain as they do.
const domain = new URL('./worker/domain/', import.meta.url);
registerHooks({
  resolve: (specifier, context, next) =>
    next(specifier.startsWith('@domain/') ? new URL(`${specifier.slice(8)}.ts`, domain).href : specifier, context),
});

export default defineConfig({
  dialect: 'sqlite',
  schema: './db/schema.ts',
  out: './migrations',
});
