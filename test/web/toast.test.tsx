import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  currentToasts,
  dismiss,
  dismissAll,
  HANDOFF_MS,
  navigationResolved,
  navigationStarted,
  toast,
} from '@/components/toast';
import { Toaster } from '@/components/toaster';

const clear = () => {
  for (const t of currentToasts()) dismiss(t.id);
  navigationResolved(false);
};

beforeEach(clear);
afterEach(() => {
  clear();
  cleanup();
  vi.useRealTimers();
});

const quizError = {
  title: 'Please complete this question',
  description: 'All questions are mandatory',
  variant: 'destructive',
} as const;

describe('toast store: the same message is never stacked twice', () => {
  it('shows a repeated message once, counting the repeats', () => {
    const first = toast(quizError);
    const second = toast(quizError);
    expect(second).toBe(first);
    expect(currentToasts()).toHaveLength(1);
    expect(currentToasts()[0].repeats).toBe(2);
  });

  it('restarts the timer of a repeated message', () => {
    vi.useFakeTimers();
    toast(quizError, 5000);
    vi.advanceTimersByTime(4000);
    toast(quizError, 5000);
    vi.advanceTimersByTime(4000); // 8 s after the first, 4 s after the repeat
    expect(currentToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1001);
    expect(currentToasts()).toHaveLength(0);
  });

  it('keeps messages that differ in text or kind apart', () => {
    toast(quizError);
    toast({ ...quizError, variant: 'default' });
    toast({ ...quizError, description: 'Pick exactly 3' });
    toast({ title: quizError.title, variant: 'destructive' });
    expect(currentToasts()).toHaveLength(3); // the fourth pushed the oldest out
    expect(currentToasts().map((t) => t.description)).toEqual([
      'All questions are mandatory',
      'Pick exactly 3',
      undefined,
    ]);
  });

  it('a dismissed message comes back as a new toast', () => {
    const id = toast(quizError);
    dismiss(id);
    const again = toast(quizError);
    expect(again).not.toBe(id);
    expect(currentToasts()).toEqual([expect.objectContaining({ id: again, repeats: 1 })]);
  });
});

describe('toast store: on a phone, one at a time (issue 24)', () => {
  const phone = (matches: boolean) =>
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({ matches: matches && query.includes('max-width: 639'), media: query })),
    );
  afterEach(() => vi.unstubAllGlobals());

  it('a new toast replaces the one on screen below 640 px', () => {
    phone(true);
    toast({ title: 'Signed in successfully!', description: 'Proceeding to book your event.' });
    toast({ title: 'Vibe check complete ✓' });
    toast(quizError);
    expect(currentToasts().map((t) => t.title)).toEqual([quizError.title]);
  });

  it('stacks up to three from 640 px', () => {
    phone(false);
    for (const title of ['One', 'Two', 'Three', 'Four']) toast({ title });
    expect(currentToasts().map((t) => t.title)).toEqual(['Two', 'Three', 'Four']);
  });

  it('dismissAll clears the screen, as the payment window opens', () => {
    toast({ title: 'Invalid Coupon', description: 'This coupon code is not valid.', variant: 'destructive' });
    toast({ title: 'Code sent' });
    dismissAll();
    expect(currentToasts()).toHaveLength(0);
  });
});

describe('toast store: toasts stay on their page', () => {
  it('clears the toasts raised before a navigation to another path, errors and notices alike', () => {
    vi.useFakeTimers();
    toast(quizError, 60_000);
    toast({ title: 'Code sent' }, 60_000);
    vi.advanceTimersByTime(HANDOFF_MS + 1);
    navigationStarted();
    navigationResolved(true);
    expect(currentToasts()).toEqual([]);
  });

  it('keeps a notice raised just before the navigation (the step that moved the guest on), never an error', () => {
    vi.useFakeTimers();
    toast({ title: 'Signed in successfully!' }, 60_000);
    vi.advanceTimersByTime(HANDOFF_MS + 1);
    toast({ title: 'Vibe check complete ✓', description: 'One more step to complete your profile!' }, 60_000);
    toast(quizError, 60_000);
    navigationStarted();
    navigationResolved(true);
    expect(currentToasts().map((t) => t.title)).toEqual(['Vibe check complete ✓']);
  });

  it('keeps an error raised during the navigation (a loader before its redirect)', () => {
    toast(quizError);
    navigationStarted();
    toast({ title: "This event doesn't exist or is no longer available.", variant: 'destructive' });
    navigationStarted(); // the redirect starts a second navigation
    navigationResolved(true);
    expect(currentToasts().map((t) => t.title)).toEqual(["This event doesn't exist or is no longer available."]);
  });

  it('keeps errors when only the search or hash changed', () => {
    toast(quizError);
    navigationStarted();
    navigationResolved(false);
    expect(currentToasts()).toHaveLength(1);
  });

  it('treats an error repeated during the navigation as the new page’s', () => {
    toast(quizError);
    navigationStarted();
    toast(quizError);
    navigationResolved(true);
    expect(currentToasts()).toHaveLength(1);
  });
});

describe('Toaster', () => {
  function renderApp() {
    const root = createRootRoute({
      component: () => (
        <>
          <Outlet />
          <Toaster />
        </>
      ),
    });
    const page = (path: string) => createRoute({ getParentRoute: () => root, path, component: () => <p>{path}</p> });
    const broken = createRoute({
      getParentRoute: () => root,
      path: '/broken',
      loader: () => {
        toast({ title: 'Not found here', variant: 'destructive' });
      },
      component: () => <p>/broken</p>,
    });
    const router = createRouter({
      routeTree: root.addChildren([page('/quiz'), page('/events'), broken]),
      history: createMemoryHistory({ initialEntries: ['/quiz'] }),
    });
    render(<RouterProvider router={router} />);
    return router;
  }

  it('draws one toast for a message sent twice, with a dismiss button', async () => {
    renderApp();
    await screen.findByText('/quiz');
    act(() => {
      toast(quizError);
      toast(quizError);
    });
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toContain('All questions are mandatory');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  });

  it("drops the quiz's error when the guest goes to another page, keeps the next page's own", async () => {
    const router = renderApp();
    await screen.findByText('/quiz');
    act(() => {
      toast(quizError);
    });
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    act(() => {
      router.history.push('/events');
    });
    await screen.findByText('/events');
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);

    act(() => {
      router.history.push('/broken');
    });
    await screen.findByText('/broken');
    expect(screen.getByRole('alert').textContent).toContain('Not found here');
  });
});
