import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/auth')({
  validateSearch: (search: Record<string, unknown>) => ({
    redirect: typeof search.redirect === 'string' ? search.redirect : undefined,
    fromQuiz: search.fromQuiz === 'true' || search.fromQuiz === true ? true : undefined,
  }),
  component: Page,
});

function Page() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-4xl font-bold">Welcome Back</h1>
    </main>
  );
}
