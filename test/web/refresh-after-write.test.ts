import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { refreshAfterWrite } from '@/lib/refresh-after-write';

/**
 * The console's race: a search typed a moment before a write starts a query's first fetch, which
 * reads the row before the write lands and answers after it. The server here is a value and a
 * list of answers the test releases by hand.
 */
async function searchDuringWrite() {
  let shown = true;
  const answers: Array<() => void> = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 } } });
  const key = ['admin', 'events', 'page', { q: 'Supper' }];
  const observer = new QueryObserver(client, {
    queryKey: key,
    // Reads at once (as D1 would), answers when the test lets it.
    queryFn: () => {
      const read = shown;
      return new Promise<{ shown: boolean }>((resolve) => answers.push(() => resolve({ shown: read })));
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  await new Promise((r) => setTimeout(r, 0)); // the search's first fetch has read: shown
  return {
    client,
    /** The write lands, `refresh` runs after it, and every fetch answers. */
    async write(refresh: (client: QueryClient) => Promise<unknown>) {
      shown = false;
      const refreshed = refresh(client);
      await this.answerAll();
      await refreshed;
    },
    /** Lets every fetch answer, in order, until none is waiting. */
    async answerAll() {
      for (let n = 0; n < 10; n++) {
        await new Promise((r) => setTimeout(r, 0));
        const next = answers.shift();
        if (!next) return;
        next();
      }
      throw new Error(`still ${answers.length} fetches waiting after 10 answers`);
    },
    /**
     * A fetch of another query under the same key that nothing shows (a prefetch), reading now:
     * the write's refresh leaves it be, as it would not fetch it again.
     */
    prefetch: () => {
      const read = shown;
      const other = ['admin', 'events', 'page', { q: 'Other' }];
      client.setQueryData(other, { shown: true }); // read once before, so it is not a first fetch
      return client.fetchQuery({
        queryKey: other,
        queryFn: () => new Promise<{ shown: boolean }>((resolve) => answers.push(() => resolve({ shown: read }))),
      });
    },
    shownOnScreen: () => client.getQueryData<{ shown: boolean }>(key)?.shown,
    /** What a route's loader awaiting the same query gets (it joins the fetch already running). */
    load: () => client.ensureQueryData({ queryKey: key, queryFn: () => ({ shown: 'not asked' }) }),
    done: () => {
      unsubscribe();
      client.clear();
    },
  };
}

describe('refreshAfterWrite', () => {
  let c: Awaited<ReturnType<typeof searchDuringWrite>>;
  afterEach(() => c.done());

  it('a first fetch that read before the write is read again, so the screen shows the write', async () => {
    c = await searchDuringWrite();
    const loaded = c.load();
    await c.write((client) => refreshAfterWrite(client, ['admin'], ['events']));
    expect(c.shownOnScreen()).toBe(false);
    // Whoever awaited the fetch that was replaced gets the new answer, not a cancellation.
    await expect(loaded).resolves.toEqual({ shown: false });
  });

  it('leaves a fetch nothing shows running: it answers its caller, not with a cancellation', async () => {
    c = await searchDuringWrite();
    const prefetched = c.prefetch();
    await c.write((client) => refreshAfterWrite(client, ['admin']));
    expect(c.shownOnScreen()).toBe(false);
    await expect(prefetched).resolves.toEqual({ shown: true });
  });

  it('which invalidating alone does not do: the running first fetch stands, with what the write replaced', async () => {
    c = await searchDuringWrite();
    await c.write((client) => client.invalidateQueries({ queryKey: ['admin'] }));
    expect(c.shownOnScreen()).toBe(true);
  });
});
