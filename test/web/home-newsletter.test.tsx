import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/toaster';
import { NewsletterForm } from '@/features/home/components/newsletter-form';

type Call = { url: string; body: unknown };
let calls: Call[] = [];
let reply: () => Response;

beforeEach(() => {
  calls = [];
  reply = () => Response.json({ ok: true }, { status: 201 });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    const body = input instanceof Request ? await input.text() : init?.body;
    calls.push({ url, body: JSON.parse(String(body)) });
    return reply();
  });
});
afterEach(() => {
  // Toasts live in a module-level store: dismiss them so one test's toast never satisfies the next.
  for (const b of screen.queryAllByRole('button', { name: 'Dismiss notification' })) fireEvent.click(b);
  cleanup();
  vi.unstubAllGlobals();
});

function setup() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <NewsletterForm />
      <Toaster />
    </QueryClientProvider>,
  );
  const input = screen.getByLabelText('Email address') as HTMLInputElement;
  const submit = (value: string) => {
    fireEvent.change(input, { target: { value } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
  };
  return { input, submit };
}

describe('Newsletter form', () => {
  it.each([['not-an-email'], ['   '], [`${'a'.repeat(250)}@example.com`]])(
    'refuses %j with the "Invalid email" toast and calls nobody',
    async (value) => {
      const { submit } = setup();
      submit(value);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Invalid email');
      expect(alert.textContent).toContain('Please enter a valid email');
      expect(calls).toEqual([]);
    },
  );

  it('stores the trimmed email, stays in the submitting state about a second, then toasts and clears', async () => {
    const { input, submit } = setup();
    const started = Date.now();
    submit('  priya@example.com  ');
    expect(await screen.findByRole('button', { name: /Subscribing/ })).toBeTruthy();
    const status = await screen.findByRole('status', {}, { timeout: 3000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(status.textContent).toContain('Subscribed!');
    expect(status.textContent).toContain("You'll receive updates about our upcoming events.");
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toMatch(/\/api\/newsletter$/);
    expect(calls[0].body).toEqual({ email: 'priya@example.com' });
    await waitFor(() => expect(input.value).toBe(''));
  });

  it('shows the server\'s refusal of the email as "Invalid email" and keeps what was typed', async () => {
    reply = () =>
      Response.json(
        {
          error: {
            code: 'invalid_input',
            message: 'Please enter a valid email',
            fields: { email: 'Please enter a valid email' },
          },
        },
        { status: 400 },
      );
    const { input, submit } = setup();
    submit('rohan@example.com');
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert.textContent).toContain('Invalid email');
    expect(input.value).toBe('rohan@example.com');
  });
});
