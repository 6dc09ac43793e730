import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

export const creditsRoutes = new Hono<AppEnv>();
