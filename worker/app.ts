import { Hono } from 'hono';
import type { AppEnv } from './app-env';
import { pageSecurityHeaders } from './middleware/content-security-policy';
import { database } from './middleware/database';
import { notFound, onError } from './middleware/errors';
import { sameOrigin } from './middleware/same-origin';
import { securityHeaders } from './middleware/security-headers';
import { adminRoutes } from './routes/admin';
import { authRoutes } from './routes/auth';
import { bookingChoiceRoutes } from './routes/booking-choices';
import { bookingsRoutes } from './routes/bookings';
import { citiesRoutes } from './routes/cities';
import { couponsRoutes } from './routes/coupons';
import { eventsRoutes } from './routes/events';
import { healthRoutes } from './routes/health';
import { hostRoutes } from './routes/host';
import { ordersRoutes } from './routes/orders';
import { pageRoutes } from './routes/pages';
import { paymentsRoutes } from './routes/payments';
import { profileRoutes } from './routes/profile';
import { quizRoutes } from './routes/quiz';
import { signupsRoutes } from './routes/signups';
import { webhooksRoutes } from './routes/webhooks';

/**
 * `/api`: routes do HTTP only (validate, call a service, shape the answer). The session is read
 * only by the routes that use it (`loadSession` in their files), so a public read costs no
 * session lookup. No per-request log line of our own: Workers Logs' invocation logs already record
 * each request's method, URL, status and duration, and under `wrangler dev` a console.log per
 * request cost 45% of local throughput (every line crosses the inspector relay).
 */
const api = new Hono<AppEnv>()
  .use(securityHeaders)
  .route('/health', healthRoutes)
  .use(database)
  // Webhooks are authenticated by their signature, not by origin or cookie.
  .route('/webhooks', webhooksRoutes)
  .use(sameOrigin)
  .route('/auth', authRoutes)
  .route('/events', eventsRoutes)
  .route('/cities', citiesRoutes)
  .route('/', signupsRoutes)
  .route('/quiz', quizRoutes)
  .route('/profile', profileRoutes)
  .route('/bookings', bookingsRoutes)
  .route('/bookings', bookingChoiceRoutes)
  .route('/coupons', couponsRoutes)
  .route('/orders', ordersRoutes)
  .route('/payments', paymentsRoutes)
  // Operators only: the gate is the first middleware of the sub-app (routes/admin.ts).
  .route('/admin', adminRoutes)
  // Hosts and operators: the gate is the first middleware of the sub-app (routes/host.ts).
  .route('/host', hostRoutes);

api.onError(onError);
api.notFound(notFound);

/** The Worker's HTTP app: `/api/*` and the landing pages' HTML here; everything else is the SPA from the assets binding. */
export const app = new Hono<AppEnv>()
  // Every HTML page gets its Content-Security-Policy from the config (landing pages and the SPA alike).
  .use(pageSecurityHeaders)
  .route('/api', api)
  .route('/', pageRoutes);
app.onError(onError);
app.notFound((c) => (c.req.path.startsWith('/api/') ? notFound(c) : c.env.ASSETS.fetch(c.req.raw)));

export type AppType = typeof api;
