import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_auth/profile')({
  component: Page,
});

function Page() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-4xl font-bold">Your profile</h1>
    </main>
  );
}
