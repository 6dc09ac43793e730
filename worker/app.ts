import { Hono } from 'hono';
import { api } from './api';
import type { AppEnv } from './app-env';
import { pageSecurityHeaders } from './middleware/content-security-policy';
import { notFound, onError } from './middleware/errors';
import { pageRoutes } from './routes/pages';

/**
 * The Worker's HTTP app: `/api/*` (worker/api.ts) and the landing pages' HTML here; everything
 * else is the SPA from the assets binding.
 */
export const app = new Hono<AppEnv>()
  // Every HTML page gets its Content-Security-Policy from the config (landing pages and the SPA alike).
  .use(pageSecurityHeaders)
  .route('/api', api)
  .route('/', pageRoutes);
app.onError(onError);
app.notFound((c) => (c.req.path.startsWith('/api/') ? notFound(c) : c.env.ASSETS.fetch(c.req.raw)));
