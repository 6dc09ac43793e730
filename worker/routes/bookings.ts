import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

export const bookingsRoutes = new Hono<AppEnv>();
