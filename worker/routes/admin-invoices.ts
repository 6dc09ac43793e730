import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

/** The console's invoices and credit notes export (issue 22), behind the operator gate of routes/admin.ts. */
export const adminInvoicesRoutes = new Hono<AppEnv>();
