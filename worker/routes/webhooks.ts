import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

export const webhooksRoutes = new Hono<AppEnv>();
