import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

/** The guest's own data (issue 22): download it, delete the account. */
export const meRoutes = new Hono<AppEnv>();
