import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

export const profileRoutes = new Hono<AppEnv>();
