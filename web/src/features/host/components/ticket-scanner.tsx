import { normalizeTicketCode } from '@domain/ticket';
import { useEffect, useRef, useState } from 'react';

/** The parts of the browser's Barcode Detection API used here (not yet in TypeScript's DOM types). */
type DetectedBarcode = { rawValue: string };
type BarcodeDetectorInstance = { detect(source: HTMLVideoElement): Promise<DetectedBarcode[]> };
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorInstance;

const detectorClass = () =>
  (globalThis as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector ?? null;

/**
 * Whether this browser can scan a QR with the camera: the Barcode Detection API (Chrome on
 * Android, among others) and a camera API. Elsewhere the host types the code.
 */
export const canScan = () =>
  typeof window !== 'undefined' && detectorClass() !== null && Boolean(navigator.mediaDevices?.getUserMedia);

/**
 * The code inside a scanned QR: the ticket code itself, or a link that carries it. Null when the
 * QR holds no ticket code (another QR held up by mistake).
 */
export function ticketCodeIn(raw: string): string | null {
  const direct = normalizeTicketCode(raw);
  if (direct) return direct;
  const found = raw.match(/[0-9A-Za-z]{4}-[0-9A-Za-z]{4}-[0-9A-Za-z]{4}-[0-9A-Za-z]{4}|\b[0-9a-fA-F]{32}\b/);
  return found ? normalizeTicketCode(found[0]) : null;
}

/** How often a frame is read, and how long the same code is ignored after it was read. */
const SCAN_EVERY_MS = 250;
const SAME_CODE_PAUSE_MS = 4000;

/**
 * The back camera, reading QR codes: each new code goes to `onCode`. The camera is stopped when
 * the scanner closes or the page is left (the effect's cleanup), never left running.
 */
export function TicketScanner({ onCode, onClose }: { onCode: (raw: string) => void; onClose: () => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const Detector = detectorClass();
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let last = { code: '', at: 0 };
    const start = async () => {
      if (!Detector) return;
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
        if (stopped) {
          for (const track of stream.getTracks()) track.stop();
          return;
        }
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = stream;
        await video.play();
        setReady(true);
        const detector = new Detector({ formats: ['qr_code'] });
        const tick = async () => {
          if (stopped) return;
          try {
            const [found] = await detector.detect(video);
            const now = Date.now();
            if (found?.rawValue && (found.rawValue !== last.code || now - last.at > SAME_CODE_PAUSE_MS)) {
              last = { code: found.rawValue, at: now };
              onCodeRef.current(found.rawValue);
            }
          } catch {
            // A frame that cannot be read yet (the video is still starting): try the next one.
          }
          timer = setTimeout(tick, SCAN_EVERY_MS);
        };
        tick();
      } catch (e) {
        setError(
          e instanceof DOMException && e.name === 'NotAllowedError'
            ? 'The camera is blocked for this site. Allow it in the browser, or type the code below.'
            : 'The camera could not start. Type the code below instead.',
        );
      }
    };
    start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <div className="mt-3 rounded-box border border-base-300 bg-base-200 p-3">
      {error ? (
        <p role="alert" className="text-error">
          {error}
        </p>
      ) : (
        <>
          <video
            ref={videoRef}
            className="aspect-square w-full max-w-sm rounded-box bg-black object-cover"
            playsInline
            muted
            aria-label="Camera preview: hold the guest's QR code in view"
          />
          <p role="status" className="mt-2 text-sm text-base-content/80">
            {ready ? 'Point the camera at the QR code on the guest’s phone.' : 'Starting the camera…'}
          </p>
        </>
      )}
      <button type="button" className="btn btn-ghost btn-sm mt-2" onClick={onClose}>
        Stop scanning
      </button>
    </div>
  );
}
