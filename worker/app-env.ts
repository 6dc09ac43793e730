import type { Db } from '../db/client';
import type { Role } from '@domain/roles';
import type { Env } from './env';

/** The signed-in user as the session middleware resolves it. */
export type SessionUser = {
  id: string;
  sessionId: string;
  email: string | null;
  phone: string | null;
  /** The name given at sign-up, if any (the profile's full_name is the one that counts). */
  fullName: string | null;
  /** What the account may do beyond booking, read with the session (middleware `requireRole`). */
  role: Role;
};

/** Hono generics for every sub-app: bindings plus per-request variables. */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    /** This request's database: one D1 session (middleware/database.ts). */
    db: Db;
    /** Set by `loadSession` on the routes that use it; null when signed out. */
    user: SessionUser | null;
  };
};
