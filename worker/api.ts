import { Hono } from 'hono';
import type { AppEnv } from './app-env';
import { database } from './middleware/database';
import { notFound, onError } from './middleware/errors';
import { sameOrigin } from './middleware/same-origin';
import { securityHeaders } from './middleware/security-headers';
import { adminRoutes } from './routes/admin';
import { adminReportsRoutes } from './routes/admin-reports';
import { adminStatsRoutes } from './routes/admin-stats';
import { attendanceRoutes } from './routes/attendance';
import { authRoutes } from './routes/auth';
import { bookingChoiceRoutes } from './routes/booking-choices';
import { bookingsRoutes } from './routes/bookings';
import { citiesRoutes } from './routes/cities';
import { consentsRoutes, unsubscribeOneClickRoutes } from './routes/consents';
import { couponsRoutes } from './routes/coupons';
import { creditsRoutes } from './routes/credits';
import { dinnerSharesRoutes } from './routes/dinner-shares';
import { eventsRoutes } from './routes/events';
import { feedbackRoutes } from './routes/feedback';
import { grievancesRoutes } from './routes/grievances';
import { healthRoutes } from './routes/health';
import { hostRoutes } from './routes/host';
import { invoicesRoutes } from './routes/invoices';
import { meRoutes } from './routes/me';
import { ordersRoutes } from './routes/orders';
import { paymentsRoutes } from './routes/payments';
import { profileRoutes } from './routes/profile';
import { quizRoutes } from './routes/quiz';
import { reportsRoutes } from './routes/reports';
import { signupsRoutes } from './routes/signups';
import { waitlistRoutes } from './routes/waitlist';
import { webhooksRoutes } from './routes/webhooks';

/**
 * `/api`: routes do HTTP only (validate, call a service, shape the answer). The session is read
 * only by the routes that use it (`loadSession` in their files), so a public read costs no
 * session lookup. No per-request log line of our own: Workers Logs' invocation logs already record
 * each request's method, URL, status and duration, and under `wrangler dev` a console.log per
 * request cost 45% of local throughput (every line crosses the inspector relay).
 *
 * A module of its own, apart from the page routes (worker/app.ts mounts both), so the web app's
 * typed client takes `AppType` from here without its types running back through the page
 * renderer into the web app (docs/decisions/009-one-contract-one-direction.md, amendment).
 */
export const api = new Hono<AppEnv>()
  .use(securityHeaders)
  .route('/health', healthRoutes)
  .use(database)
  // Webhooks are authenticated by their signature, not by origin or cookie.
  .route('/webhooks', webhooksRoutes)
  // A mail provider's one-click unsubscribe (RFC 8058) posts from its own servers: the signed
  // token in the address is its authentication, as a webhook's signature is (issue 22).
  .route('/', unsubscribeOneClickRoutes)
  .use(sameOrigin)
  .route('/auth', authRoutes)
  .route('/events', eventsRoutes)
  .route('/cities', citiesRoutes)
  .route('/', signupsRoutes)
  .route('/quiz', quizRoutes)
  .route('/profile', profileRoutes)
  .route('/bookings', bookingsRoutes)
  .route('/bookings', bookingChoiceRoutes)
  .route('/bookings', attendanceRoutes)
  // Issue 21: the morning-after feedback (`/bookings/:id/feedback`) and mutual 'dine again's (`/connections`).
  .route('/', feedbackRoutes)
  // Issue 21: 'Report a problem' (`/reports`) and the tablemates it may name (`/bookings/:id/tablemates`).
  .route('/', reportsRoutes)
  // The waitlist (`/events/:id/waitlist`, `/waitlist`) and its offers (`/offers/:token`).
  .route('/', waitlistRoutes)
  .route('/credits', creditsRoutes)
  .route('/coupons', couponsRoutes)
  .route('/orders', ordersRoutes)
  .route('/payments', paymentsRoutes)
  // Issue 22: the guest's data and consents, grievances, invoices.
  .route('/me', meRoutes)
  .route('/', consentsRoutes)
  .route('/grievances', grievancesRoutes)
  .route('/bookings', invoicesRoutes)
  // Issue 21: 'Share my dinner' (`/bookings/:id/share`) and its public view (`/shared/:token`).
  .route('/', dinnerSharesRoutes)
  // Operators only: the gate is the first middleware of the sub-app (routes/admin.ts).
  .route('/admin', adminRoutes)
  // Issue 21: what operators learn (charts, a dinner's feedback, hosts' ratings), under the same gate.
  .route('/admin', adminStatsRoutes)
  // Issue 21: guests' reports and suspensions (`/reports`, `/users/:id/suspend`), each route behind its own operator gate too.
  .route('/admin', adminReportsRoutes)
  // Hosts and operators: the gate is the first middleware of the sub-app (routes/host.ts).
  .route('/host', hostRoutes);

api.onError(onError);
api.notFound(notFound);

/** The API's type, for the web app's typed client (`hc<AppType>` in web/src/lib/api.ts). */
export type AppType = typeof api;
