// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_DATA_ID, pageDataElement } from '@/lib/page-data';
import { seedQueryCache } from '@/lib/seed-query-cache';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the page-data hand-off from the Worker', () => {
  it('seeds each query under its key and removes the element', () => {
    document.body.innerHTML = pageDataElement({
      queries: [
        { key: ['events'], data: { events: [{ id: 'a', title: '</script><b>Dinner</b>' }] } },
        { key: ['events', 'gurugram'], data: { event: { id: 'a' } } },
      ],
    });
    const client = new QueryClient();
    seedQueryCache(client);
    expect(client.getQueryData(['events'])).toEqual({ events: [{ id: 'a', title: '</script><b>Dinner</b>' }] });
    expect(client.getQueryData(['events', 'gurugram'])).toEqual({ event: { id: 'a' } });
    expect(document.getElementById(PAGE_DATA_ID)).toBeNull();
  });

  it('ignores a broken hand-off, and a page without one', () => {
    document.body.innerHTML = `<script type="application/json" id="${PAGE_DATA_ID}">{"queries":[</script>`;
    const client = new QueryClient();
    expect(() => seedQueryCache(client)).not.toThrow();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    expect(() => seedQueryCache(client)).not.toThrow();
  });
});
