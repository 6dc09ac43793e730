import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

/** Grievances (issue 22): the public form, and the grievance officer's details. */
export const grievancesRoutes = new Hono<AppEnv>();
