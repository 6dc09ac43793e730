import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

export const signupsRoutes = new Hono<AppEnv>();
