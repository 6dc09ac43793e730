/**
 * The host's scanner (web/src/features/host/components/ticket-scanner.tsx): which QR contents are
 * ticket codes, when the camera is offered at all, and that the camera is stopped when the
 * scanner goes away (closing it, or leaving the page).
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { canScan, TicketScanner, ticketCodeIn } from '@/features/host/components/ticket-scanner';
import { matchHostPage } from '@/features/host/routing/host-pages';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ticketCodeIn', () => {
  it('reads a ticket code as the QR carries it, or inside a link, in its stored form', () => {
    expect(ticketCodeIn('7K3M-Q9TX-2HDR-WB4N')).toBe('7K3M-Q9TX-2HDR-WB4N');
    expect(ticketCodeIn('7k3mq9tx2hdrwb4n')).toBe('7K3M-Q9TX-2HDR-WB4N');
    expect(ticketCodeIn('https://tablemates.in/t/7K3M-Q9TX-2HDR-WB4N?x=1')).toBe('7K3M-Q9TX-2HDR-WB4N');
    expect(ticketCodeIn('0123456789abcdef0123456789ABCDEF')).toBe('0123456789abcdef0123456789abcdef');
  });

  it('refuses a QR that holds no ticket code', () => {
    expect(ticketCodeIn('https://example.com/menu')).toBeNull();
    expect(ticketCodeIn('WIFI:S:Cafe;T:WPA;P:secret;;')).toBeNull();
  });
});

describe('the host pages table', () => {
  it('matches /host and a dinner’s night, and nothing else', () => {
    expect(matchHostPage('')).toEqual({ path: '', params: {} });
    expect(matchHostPage('events/evt-1')).toEqual({ path: 'events/$eventId', params: { eventId: 'evt-1' } });
    expect(matchHostPage('events/evt-1/edit')).toBeNull();
  });
});

describe('the camera', () => {
  it('is offered only where BarcodeDetector and getUserMedia exist', () => {
    expect(canScan()).toBe(false);
    vi.stubGlobal('BarcodeDetector', class {});
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn() } });
    expect(canScan()).toBe(true);
  });

  it('asks for the back camera, hands each new code over once, and stops the camera when it goes away', async () => {
    const stop = vi.fn();
    const getUserMedia = vi.fn().mockResolvedValue({ getTracks: () => [{ stop }] });
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        detect = vi.fn().mockResolvedValue([{ rawValue: '7K3M-Q9TX-2HDR-WB4N' }]);
      },
    );
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const onCode = vi.fn();
    const { unmount } = render(<TicketScanner onCode={onCode} onClose={() => {}} />);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 600));
    });
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: { ideal: 'environment' } }, audio: false });
    expect(screen.getByRole('status').textContent).toContain('Point the camera at the QR code');
    // Read in several frames, handed over once (the same code is ignored for a few seconds).
    expect(onCode).toHaveBeenCalledTimes(1);
    expect(onCode).toHaveBeenCalledWith('7K3M-Q9TX-2HDR-WB4N');
    expect(stop).not.toHaveBeenCalled();
    unmount();
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('says so when the camera is blocked', async () => {
    const denied = new DOMException('denied', 'NotAllowedError');
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn().mockRejectedValue(denied) } });
    vi.stubGlobal('BarcodeDetector', class {});
    render(<TicketScanner onCode={() => {}} onClose={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toContain('The camera is blocked for this site');
  });
});
