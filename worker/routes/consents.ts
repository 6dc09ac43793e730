import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

/** Consents (issue 22): the notice agreed, marketing on and off, the unsubscribe link. */
export const consentsRoutes = new Hono<AppEnv>();
