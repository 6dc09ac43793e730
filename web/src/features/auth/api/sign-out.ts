import { api, unwrap } from '@/lib/api';

/** POST /api/auth/signout: revokes the session server-side and clears the cookies. */
export const signOut = () => unwrap(api.auth.signout.$post());
