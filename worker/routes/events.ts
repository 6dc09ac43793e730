import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

export const eventsRoutes = new Hono<AppEnv>();
