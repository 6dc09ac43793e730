import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

/** The console's grievances (issue 22), behind the operator gate of routes/admin.ts. */
export const adminGrievancesRoutes = new Hono<AppEnv>();
