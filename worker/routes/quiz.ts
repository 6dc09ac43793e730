import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

export const quizRoutes = new Hono<AppEnv>();
