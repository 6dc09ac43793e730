import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_auth/confirmation')({
  component: Page,
});

function Page() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-4xl font-bold">You're All Set!</h1>
    </main>
  );
}
