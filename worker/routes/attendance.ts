import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

export const attendanceRoutes = new Hono<AppEnv>();
