import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

export const couponsRoutes = new Hono<AppEnv>();
