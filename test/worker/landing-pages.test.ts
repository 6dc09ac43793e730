import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ORIGIN } from './helpers/auth';

describe('a form submitted on a landing page before its script has run', () => {
  it('goes back to the page (303), never the assets’ 405, and nothing is taken', async () => {
    for (const path of ['/', '/events', '/event/gurugram', '/quiz']) {
      const res = await SELF.fetch(`${ORIGIN}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'email=asha%40example.com',
        redirect: 'manual',
      });
      expect(res.status, path).toBe(303);
      expect(res.headers.get('Location'), path).toBe(path);
      await res.body?.cancel();
    }
  });
});
