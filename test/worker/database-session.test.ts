import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { randomPhone, signUpWithCode } from './helpers/auth';
import { createGuest } from './helpers/booking-fixtures';
import { apiRequest } from './helpers/session-cookie';

/** The D1 bookmark cookie a response sets, or null. */
const bookmarkOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => /^(__Host-)?tm_d1=/.test(c))
    ?.split(';')[0]
    .split('=')[1] ?? null;

describe('the per-request D1 session and its bookmark (read replication)', () => {
  it('sets no cookie on a public read by a guest who never wrote', async () => {
    const res = await SELF.fetch(apiRequest('GET', '/api/events'));
    expect(res.status).toBe(200);
    expect(bookmarkOf(res)).toBeNull();
  });

  it('hands back a bookmark after a write, and a later read carrying it still answers', async () => {
    const write = await SELF.fetch(
      apiRequest('POST', '/api/newsletter', { body: { email: `b-${crypto.randomUUID()}@example.com` } }),
    );
    expect(write.status).toBe(200);
    const bookmark = bookmarkOf(write);
    expect(bookmark).toMatch(/^[\w-]+$/);
    const read = await SELF.fetch(apiRequest('GET', '/api/events', { cookie: `tm_d1=${bookmark}` }));
    expect(read.status).toBe(200);
  });

  it('hands back a bookmark after a GET that wrote a session (a refresh-token rotation)', async () => {
    const signup = await signUpWithCode({
      full_name: 'Asha Rao',
      phone: randomPhone(),
      email: `r-${crypto.randomUUID()}@example.com`,
      password: 'secret1',
    });
    const refresh = signup.headers
      .getSetCookie()
      .find((c) => c.startsWith('tm_rt='))
      ?.split(';')[0];
    expect(refresh).toBeTruthy();
    // Only the refresh cookie: the GET must rotate it (a write) and say so with a bookmark.
    const rotated = await SELF.fetch(apiRequest('GET', '/api/profile', { cookie: refresh }));
    expect(rotated.status).toBe(200);
    expect(bookmarkOf(rotated)).toMatch(/^[\w-]+$/);
  });

  it('ignores a bookmark D1 cannot use instead of failing the request', async () => {
    const guest = await createGuest();
    for (const junk of [
      'not-a-bookmark',
      '00000000-00000000-00000000-ffffffffffffffffffffffffffffffff',
      'x'.repeat(300),
    ]) {
      const res = await SELF.fetch(apiRequest('GET', '/api/profile', { cookie: `${guest.cookie}; tm_d1=${junk}` }));
      expect(res.status, junk).toBe(200);
    }
  });
});
