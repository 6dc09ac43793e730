/** The console's own page table (decision 017): which page a path below /admin opens, and with what. */
import { describe, expect, it } from 'vitest';
import { consoleHref, consoleTitle, matchConsolePage } from '@/features/admin/routing/console-pages';

describe('console pages', () => {
  it('matches each page and reads its parameters', () => {
    expect(matchConsolePage('')).toEqual({ path: '', params: {} });
    expect(matchConsolePage('audit')).toEqual({ path: 'audit', params: {} });
    expect(matchConsolePage('events/new')).toEqual({ path: 'events/new', params: {} });
    expect(matchConsolePage('events/gurugram-2026-12-05')).toEqual({
      path: 'events/$eventId',
      params: { eventId: 'gurugram-2026-12-05' },
    });
    expect(matchConsolePage('events/gurugram-2026-12-05/tables')).toEqual({
      path: 'events/$eventId/tables',
      params: { eventId: 'gurugram-2026-12-05' },
    });
    expect(matchConsolePage('events/a%20b/edit/')).toEqual({
      path: 'events/$eventId/edit',
      params: { eventId: 'a b' },
    });
  });

  it('answers no page for an unknown path or a malformed escape, rather than throwing', () => {
    expect(matchConsolePage('nope')).toBeNull();
    expect(matchConsolePage('events/x/delete')).toBeNull();
    expect(matchConsolePage('events/%E0/edit')).toBeNull();
  });

  it('builds the href a ConsoleLink navigates to, escaping parameters', () => {
    expect(consoleHref('events/$eventId/edit', { eventId: 'a/b' })).toBe('events/a%2Fb/edit');
    expect(consoleHref('audit', {})).toBe('audit');
  });

  it('names each console page in the tab, and an unknown one as the console', () => {
    expect(consoleTitle('')).toBe('Dashboard · Console');
    expect(consoleTitle('events/evt_1/tables')).toBe('Tables · Console');
    expect(consoleTitle('coupons')).toBe('Coupons · Console');
    expect(consoleTitle('events/evt_1/waitlist')).toBe('Waitlist · Console');
    expect(consoleTitle('nope')).toBe('Console');
  });
});
