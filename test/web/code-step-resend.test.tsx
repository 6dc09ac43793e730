import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { codeStillFresh, sendCode } from '@/features/auth/api/send-code';
import { CodeStep } from '@/features/auth/components/code-step';

/** The API's answers to POST /api/auth/otp/send, in order; each is `[status, body, Retry-After?]`. */
let answers: Array<[number, unknown, string?]> = [];
const sent: unknown[] = [];

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  answers = [];
  sent.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(JSON.parse(String(input instanceof Request ? await input.text() : init?.body)));
      const [status, body, retryAfter] = answers.shift() ?? [500, {}];
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json', ...(retryAfter ? { 'Retry-After': retryAfter } : {}) },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const ok = (resendIn: number): [number, unknown] => [200, { sent: true, phone: '+919876543210', resend_in: resendIn }];

async function codeStepAfterSending(phone: string, resendIn: number) {
  answers.push(ok(resendIn));
  await sendCode({ phone }); // the phone step's send
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CodeStep phone={phone} e164="+919876543210" onVerified={() => {}} onChangeNumber={() => {}} />
    </QueryClientProvider>,
  );
  return screen.getByRole('button', { name: /^Resend code/ });
}

const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe("the code step's 'Resend code'", () => {
  it('counts down the seconds the server gave, then resends and counts down again', async () => {
    const resend = await codeStepAfterSending('9876543210', 30);
    expect(resend).toHaveProperty('disabled', true);
    expect(resend.textContent).toBe('Resend code in 0:30');
    await tick(10_000);
    expect(resend.textContent).toBe('Resend code in 0:20');
    fireEvent.click(resend); // disabled: nothing is sent
    expect(sent).toHaveLength(1);

    await tick(20_000);
    expect(resend.textContent).toBe('Resend code');
    expect(resend).toHaveProperty('disabled', false);
    answers.push(ok(30));
    fireEvent.click(resend);
    await vi.waitFor(() => expect(resend.textContent).toBe('Resend code in 0:30'));
    expect(sent).toEqual([{ phone: '9876543210' }, { phone: '9876543210' }]);
  });

  it("waits as long as the server says once the hour's sends are spent", async () => {
    const resend = await codeStepAfterSending('9876500001', 1185);
    expect(resend.textContent).toBe('Resend code in 19:45');
  });

  it("follows a refusal's Retry-After rather than leaving the guest to try again and again", async () => {
    const resend = await codeStepAfterSending('9876500002', 30);
    await tick(30_000);
    answers.push([
      429,
      { error: { code: 'rate_limited', message: 'Too many attempts. Please try again later.' } },
      '120',
    ]);
    fireEvent.click(resend);
    await vi.waitFor(() => expect(resend.textContent).toBe('Resend code in 2:00'));
    expect(resend).toHaveProperty('disabled', true);
  });

  it("sends a guest back from 'Change Number' with the same phone to the code already sent, while the wait runs", async () => {
    answers.push([200, { success: true, message: 'OTP sent', phone: '+919812345678', resend_in: 30 }]);
    await sendCode({ phone: '98123 45678' });
    expect(codeStillFresh('98123 45678')).toBe('+919812345678');
    // The same phone typed another way is the same phone, as the server's limit counts it.
    expect(codeStillFresh('09812345678')).toBe('+919812345678');
    expect(codeStillFresh('+91 98123 45678')).toBe('+919812345678');
    expect(codeStillFresh('98123 00000')).toBeUndefined();
    expect(codeStillFresh('98123 45678', Date.now() + 31_000)).toBeUndefined();
  });
});
