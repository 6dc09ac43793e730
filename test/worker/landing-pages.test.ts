import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { newsletterSignups } from '../../db/schema';
import { ORIGIN } from './helpers/auth';

const EMAIL = 'frame-submit@example.com';

describe('a form submitted on a landing page before its script has run', () => {
  it('goes back to the page (303), never the assets’ 405, and subscribes no one', async () => {
    for (const path of ['/', '/events', '/event/gurugram', '/quiz']) {
      const res = await SELF.fetch(`${ORIGIN}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: EMAIL }).toString(),
        redirect: 'manual',
      });
      expect(res.status, path).toBe(303);
      expect(res.headers.get('Location'), path).toBe(path);
      await res.body?.cancel();
    }
    // Without the page's script there is nothing to take the address: it is not stored.
    const stored = await db(env.DB).select().from(newsletterSignups).where(eq(newsletterSignups.email, EMAIL));
    expect(stored).toEqual([]);
  });
});
