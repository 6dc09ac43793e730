import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { waitFor } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The app's modules afresh for each test, as for each page load: the frame is taken over once per page. */
async function app() {
  vi.resetModules();
  const [{ AppTree }, { FrameReplay, typedValues }, { renderFirstFrame }, { createAppRouter }] = await Promise.all([
    import('@/app'),
    import('@/lib/first-frame'),
    import('@/prerender'),
    import('@/router'),
  ]);
  return { AppTree, FrameReplay, typedValues, renderFirstFrame, createAppRouter };
}

/**
 * /quiz's first frame (web/prerender.ts) is the SPA's first render: the build draws it with no
 * session known, and the browser hydrates it the same way (web/src/main.tsx). The development
 * build of React reports every difference here, attributes included (production stays silent
 * about those and leaves the server's value in place, e.g. a `useId` that points nowhere).
 */

beforeEach(() => {
  // React's act() outside Testing Library, which would set this itself.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // No answers, as at build time and on the first render in the browser: every call pending.
  vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const FIRST_QUESTION = "What's your vibe for pulling up today?";

type App = Awaited<ReturnType<typeof app>>;

/** Hydrates `container` as main.tsx does: the route's code first, then the replay of what was done in the frame beside the app. */
async function hydrate(container: HTMLElement, { AppTree, FrameReplay, typedValues, createAppRouter }: App) {
  const router = createAppRouter({
    queryClient: new QueryClient(),
    history: createMemoryHistory({ initialEntries: ['/quiz'] }),
    scrollRestoration: false,
  });
  await router.load();
  router.ssr = { manifest: undefined };
  const typed = typedValues(container);
  await act(async () => {
    hydrateRoot(
      container,
      <AppTree
        queryClient={new QueryClient()}
        router={router}
        extra={<FrameReplay root={container} typed={typed} taps={[]} />}
      />,
      { onRecoverableError: (e) => console.error(e) },
    );
  });
}

const radio = (container: HTMLElement, value: string) =>
  container.querySelector<HTMLInputElement>(`input[type="radio"][value="${value}"]`);
const button = (container: HTMLElement, text: string) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent === text);

describe('the /quiz first frame', () => {
  it('is the first question, for a visitor whose session is not known yet', async () => {
    const frame = await (await app()).renderFirstFrame('/quiz');
    const container = document.createElement('div');
    container.innerHTML = frame;
    expect(container.querySelector('h1')?.textContent).toBe('The vibe check');
    expect(container.querySelector('[data-testid="quiz-step"]')?.getAttribute('data-step')).toBe('1');
    expect(container.querySelectorAll('input[type="radio"][name="vibe_reason"]')).toHaveLength(4);
    expect(container.textContent).toContain('Question 1 of 11');
    expect(container.textContent).not.toContain('Loading...');
  });

  it('hydrates in place, with no difference React reports', async () => {
    const container = document.createElement('div');
    const modules = await app();
    container.innerHTML = await modules.renderFirstFrame('/quiz');
    document.body.appendChild(container);
    const heading = container.querySelector('h2');
    expect(heading?.textContent).toContain(FIRST_QUESTION);

    const errors = vi.spyOn(console, 'error');
    await hydrate(container, modules);
    expect(errors).not.toHaveBeenCalled();
    // Hydrated, not drawn again, and the question's group is named by the heading in the page.
    expect(container.querySelector('h2')).toBe(heading);
    const group = container.querySelector('fieldset');
    expect(document.getElementById(group?.getAttribute('aria-labelledby') ?? '')).toBe(heading);
  });

  it('an answer picked in the frame before the bundle ran is the answer the SPA keeps', async () => {
    const container = document.createElement('div');
    const modules = await app();
    container.innerHTML = await modules.renderFirstFrame('/quiz');
    document.body.appendChild(container);
    // The guest's tap: the browser checks the radio, nothing else listens yet.
    radio(container, 'adventure')?.click();
    expect(radio(container, 'new_people')?.checked).toBe(false);
    await hydrate(container, modules);
    // React's state is the guest's pick: its tile is the chosen one, and it survives Next and Back.
    await waitFor(() =>
      expect(radio(container, 'adventure')?.closest('label')?.className).toContain('border-primary bg-primary/10'),
    );
    await act(async () => button(container, 'Next')?.click());
    expect(container.querySelector('[data-testid="quiz-step"]')?.getAttribute('data-step')).toBe('2');
    await act(async () => button(container, 'Back')?.click());
    expect(radio(container, 'adventure')?.checked).toBe(true);
    expect(radio(container, 'new_people')?.checked).toBe(false);
  });
});
