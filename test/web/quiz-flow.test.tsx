import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUIZ_DEFAULTS } from '../../worker/domain/quiz';
import { Toaster } from '@/components/toaster';
import { QuizWizard } from '@/features/quiz/components/quiz-wizard';
import { useQuizFlow } from '@/features/quiz/hooks/use-quiz-flow';

const complete = {
  ...QUIZ_DEFAULTS,
  music_genres: ['Rock'],
  movie_genres: ['Horror', 'Drama', 'Comedy'],
  social_battery: 'extrovert',
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Server = { signedIn: boolean; completed: boolean; post: () => Response };
let server: Server;
let posts: unknown[];

beforeEach(() => {
  localStorage.clear();
  posts = [];
  server = { signedIn: false, completed: false, post: () => json({ completed: true }, 201) };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (url.includes('/api/auth/session')) {
        return json(
          server.signedIn
            ? {
                user: { id: 'u1', email: null, phone: '+919876543210', full_name: null },
                profile: null,
                quiz_completed: server.completed,
                next: '/quiz',
              }
            : { user: null },
        );
      }
      if (url.includes('/api/quiz') && method === 'GET')
        return server.signedIn
          ? json({ completed: server.completed })
          : json({ error: { code: 'unauthorized', message: 'x' } }, 401);
      if (url.includes('/api/quiz') && method === 'POST') {
        posts.push(JSON.parse(String(init?.body)));
        return server.post();
      }
      return json({ error: { code: 'not_found', message: 'Not found.' } }, 404);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function QuizUnderTest() {
  const { phase, initialAnswers, submit, submitting, isAuthenticated } = useQuizFlow();
  if (phase === 'loading') return <p>Loading...</p>;
  if (phase === 'done') return <p>All Set!</p>;
  return (
    <>
      {isAuthenticated && <p>Signed in</p>}
      <QuizWizard initialAnswers={initialAnswers} submitting={submitting} onSubmit={submit} />
    </>
  );
}

function renderQuiz() {
  const rootRoute = createRootRoute();
  const mk = (path: string, component: () => JSX.Element) =>
    createRoute({ getParentRoute: () => rootRoute, path, component });
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      mk('/quiz', () => (
        <>
          <QuizUnderTest />
          <Toaster />
        </>
      )),
      mk('/auth', () => (
        <>
          <h1>Sign-in page</h1>
          <Toaster />
        </>
      )),
      mk('/profile-details', () => (
        <>
          <h1>Profile details page</h1>
          <Toaster />
        </>
      )),
      mk('/', () => <h1>Home</h1>),
    ]),
    history: createMemoryHistory({ initialEntries: ['/quiz'] }),
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
async function answerEverything() {
  await screen.findByRole('button', { name: 'Next' });
  for (let i = 0; i < 6; i++) next();
  fireEvent.click(screen.getByRole('checkbox', { name: 'Rock' }));
  next();
  for (const g of ['Horror', 'Drama', 'Comedy']) fireEvent.click(screen.getByRole('checkbox', { name: g }));
  for (let i = 0; i < 3; i++) next();
}

describe('the quiz flow (SPEC §4)', () => {
  it('signed out: keeps the answers as pendingQuizData and goes to /auth?fromQuiz=true', async () => {
    const router = renderQuiz();
    await answerEverything();
    fireEvent.click(screen.getByRole('button', { name: "Let's Go" }));
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.search).toMatchObject({ fromQuiz: true });
    expect(screen.getByText('One last step!')).toBeTruthy();
    expect(screen.getByText('Sign in to submit your vibe check')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('pendingQuizData') ?? 'null')).toMatchObject({
      social_battery: 'ambivert',
      music_genres: ['Rock'],
    });
    expect(posts).toHaveLength(0);
  });

  it('before the session is known: the first question (the prerendered first frame), no loading state', async () => {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
    renderQuiz();
    expect(await screen.findByRole('button', { name: 'Next' })).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('signed out: stale pending answers are cleared on load', async () => {
    localStorage.setItem('pendingQuizData', JSON.stringify(complete));
    renderQuiz();
    await waitFor(() => expect(localStorage.getItem('pendingQuizData')).toBeNull());
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
  });

  it("signed in with a response: 'Already completed!' and on to /profile-details", async () => {
    server = { ...server, signedIn: true, completed: true };
    const router = renderQuiz();
    expect(await screen.findByText('Profile details page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile-details');
    expect(screen.getByText('Already completed!')).toBeTruthy();
    expect(screen.getByText("You've already completed the vibe check.")).toBeTruthy();
  });

  it('signed in with pending answers: submits them, clears them and goes to /profile-details', async () => {
    server = { ...server, signedIn: true };
    localStorage.setItem('pendingQuizData', JSON.stringify(complete));
    renderQuiz();
    expect(await screen.findByText('Profile details page')).toBeTruthy();
    expect(screen.getByText('Vibe check complete ✓')).toBeTruthy();
    expect(screen.getByText('One more step to complete your profile!')).toBeTruthy();
    expect(posts).toEqual([
      expect.objectContaining({ social_battery: 'extrovert', movie_genres: ['Horror', 'Drama', 'Comedy'] }),
    ]);
    expect(localStorage.getItem('pendingQuizData')).toBeNull();
  });

  it("a failed submit shows the destructive 'Error' toast with the fallback text and releases the button", async () => {
    server = { ...server, signedIn: true, post: () => new Response('boom', { status: 500 }) };
    renderQuiz();
    await screen.findByText('Signed in');
    await answerEverything();
    fireEvent.click(screen.getByRole('button', { name: "Let's Go" }));
    await waitFor(() => expect(screen.getByText('Failed to submit quiz. Please try again.')).toBeTruthy());
    expect(screen.getByText('Error').closest('[role="alert"]')).toBeTruthy();
    const button = screen.getByRole('button', { name: "Let's Go" }) as unknown as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(posts).toHaveLength(1);
  });

  it("a failed submit shows the server's message when there is one", async () => {
    server = {
      ...server,
      signedIn: true,
      post: () =>
        json({ error: { code: 'quiz_already_completed', message: "You've already completed the vibe check." } }, 409),
    };
    renderQuiz();
    await screen.findByText('Signed in');
    await answerEverything();
    fireEvent.click(screen.getByRole('button', { name: "Let's Go" }));
    expect(await screen.findByText("You've already completed the vibe check.")).toBeTruthy();
  });
});
