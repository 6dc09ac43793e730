import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

export const waitlistRoutes = new Hono<AppEnv>();
