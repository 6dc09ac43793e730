import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

/** A booking's tax invoice or receipt as a PDF (issue 22). */
export const invoicesRoutes = new Hono<AppEnv>();
