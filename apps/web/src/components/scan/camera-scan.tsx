import { Alert, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { openBarcodeDecoder, type BarcodeDecoder } from './barcode-decoder.ts';
import { cameraScanText } from './camera-text.ts';

/** How often a frame is read: a few times a second finds a code held still, without heating a phone. */
const framePause = 150;

/** A frame not ready yet (the native detector's InvalidStateError) is skipped; any other failure is the reader's, and is said. */
function skipUnready(error: unknown): [] {
  if (error instanceof DOMException && error.name === 'InvalidStateError') return [];
  throw error;
}

type Status = { kind: 'starting' } | { kind: 'looking'; decoder: BarcodeDecoder['kind'] } | { kind: 'failed'; message: string };

/** Why the camera did not start, in words a warehouse person can act on. */
function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'The camera was not allowed: allow it in the browser for this site, or use the scanner.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found on this device.';
  if (name === 'NotReadableError') return 'The camera is in use by another application.';
  return `The camera could not read barcodes: ${error instanceof Error || error instanceof DOMException ? error.message : String(error)}`;
}

/**
 * The camera's view (issue 32, section 3), loaded only when the camera button is pressed. It reads
 * frames until a barcode is found, then stops the camera and hands the text on, with its format's
 * symbology identifier when it reads as GS1 elements. Closing it stops the camera too.
 */
export function CameraScan({ onRead, onClose }: { onRead: (scan: string) => void; onClose: () => void }) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'starting' });
  // The camera starts once per view: a new `onRead` from the screen must not restart it.
  const read = useRef(onRead);
  read.current = onRead;

  useEffect(() => {
    if (!video) return;
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    const start = async () => {
      // The stream is held before the decoder loads: a decoder that fails to load still has its camera stopped.
      const decoding = openBarcodeDecoder();
      decoding.catch(() => undefined);
      const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      stream = media;
      // Closed while the camera was starting: its tracks stop now.
      if (stopped) return stop();
      const decoder = await decoding;
      if (stopped) return stop();
      video.srcObject = media;
      await video.play();
      setStatus({ kind: 'looking', decoder: decoder.kind });
      while (!stopped) {
        const [found] = await decoder.detect(video).catch(skipUnready);
        if (stopped) return;
        if (found) {
          stop();
          return read.current(cameraScanText(found.rawValue, found.format));
        }
        // A stop clears this timer: the loop is left waiting and goes with the view.
        await new Promise((resolve) => (timer = setTimeout(resolve, framePause)));
      }
    };
    start().catch((error: unknown) => {
      if (!stopped) setStatus({ kind: 'failed', message: cameraProblem(error) });
      stop();
    });
    return stop;
  }, [video]);

  return (
    <Modal open title="Scan with the camera" onCancel={onClose} footer={null} destroyOnHidden>
      {status.kind === 'failed' ? (
        <Alert type="error" showIcon title={status.message} />
      ) : (
        <Typography.Paragraph type="secondary">
          {status.kind === 'starting' ? 'Starting the camera…' : 'Hold the barcode in front of the camera, flat and still.'}
        </Typography.Paragraph>
      )}
      <video
        ref={setVideo}
        aria-label="Camera view"
        data-decoder={status.kind === 'looking' ? status.decoder : undefined}
        muted
        playsInline
        style={{ width: '100%', background: '#000', borderRadius: 8, display: status.kind === 'failed' ? 'none' : 'block' }}
      />
    </Modal>
  );
}
