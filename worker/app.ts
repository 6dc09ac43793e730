import { Hono } from 'hono';
import type { AppEnv } from './app-env';
import { notFound, onError } from './middleware/errors';
import { requestLog } from './middleware/request-log';
import { sameOrigin } from './middleware/same-origin';
import { securityHeaders } from './middleware/security-headers';
import { loadSession } from './middleware/session';
import { authRoutes } from './routes/auth';
import { bookingsRoutes } from './routes/bookings';
import { couponsRoutes } from './routes/coupons';
import { eventsRoutes } from './routes/events';
import { healthRoutes } from './routes/health';
import { ordersRoutes } from './routes/orders';
import { pageRoutes } from './routes/pages';
import { paymentsRoutes } from './routes/payments';
import { profileRoutes } from './routes/profile';
import { quizRoutes } from './routes/quiz';
import { signupsRoutes } from './routes/signups';
import { webhooksRoutes } from './routes/webhooks';

const api = new Hono<AppEnv>()
  .use(requestLog)
  .use(securityHeaders)
  // Webhooks are authenticated by their signature, not by origin or cookie.
  .route('/webhooks', webhooksRoutes)
  .use(sameOrigin)
  .use(loadSession)
  .route('/health', healthRoutes)
  .route('/auth', authRoutes)
  .route('/events', eventsRoutes)
  .route('/', signupsRoutes)
  .route('/quiz', quizRoutes)
  .route('/profile', profileRoutes)
  .route('/bookings', bookingsRoutes)
  .route('/coupons', couponsRoutes)
  .route('/orders', ordersRoutes)
  .route('/payments', paymentsRoutes);

api.onError(onError);
api.notFound(notFound);

/** The Worker's HTTP app: `/api/*` and the landing pages' HTML here; everything else is the SPA from the assets binding. */
export const app = new Hono<AppEnv>().route('/api', api).route('/', pageRoutes);
app.onError(onError);
app.notFound((c) => (c.req.path.startsWith('/api/') ? notFound(c) : c.env.ASSETS.fetch(c.req.raw)));

export type AppType = typeof api;
