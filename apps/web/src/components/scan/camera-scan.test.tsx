import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { render, screen, waitFor } from '@testing-library/react';
import { ZXING_WASM_VERSION } from 'barcode-detector/ponyfill';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScanInput, type ScanOutcome } from './scan-input.tsx';

const GS = '\u001d';
const read = `0104012345678901172612311` + `0ABC123${GS}21SER42`;

/** A camera (one track) and a native BarcodeDetector reading all three formats, as Chromium on Android has. */
function fakeCamera(found: Array<{ rawValue: string; format: string }>) {
  const track = { stop: vi.fn() };
  const getUserMedia = vi.fn().mockResolvedValue({ getTracks: () => [track] });
  const detect = vi.fn().mockResolvedValue(found);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  vi.stubGlobal(
    'BarcodeDetector',
    class {
      static getSupportedFormats = () => Promise.resolve(['code_128', 'data_matrix', 'ean_13', 'qr_code']);
      detect = detect;
    },
  );
  return { track, getUserMedia, detect };
}

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

function setup() {
  const onScan = vi.fn<(scan: string) => Promise<ScanOutcome>>().mockResolvedValue({ ok: true, summary: 'CBC Reagent · lot ABC123' });
  render(<ScanInput onScan={onScan} />);
  return { onScan, user: userEvent.setup() };
}

describe('ScanInput, the camera (issue 32, section 3)', () => {
  it('has no camera button where the browser has no camera API', () => {
    setup();
    expect(screen.queryByRole('button', { name: 'Scan with the camera' })).not.toBeInTheDocument();
  });

  it('sends what the camera reads through the same scan, prefixed with its symbology identifier, and stops the camera', async () => {
    const camera = fakeCamera([{ rawValue: read, format: 'data_matrix' }]);
    const { onScan, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Scan with the camera' }));
    await waitFor(() => expect(onScan).toHaveBeenCalledExactlyOnceWith(`]d2${read}`));
    expect(camera.getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });
    expect(camera.detect.mock.calls[0]?.[0]).toBeInstanceOf(HTMLVideoElement);
    expect(camera.track.stop).toHaveBeenCalled();
    expect(await screen.findByText('CBC Reagent · lot ABC123')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('stops the camera when its view is closed, having read nothing', async () => {
    const camera = fakeCamera([]);
    const { onScan, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Scan with the camera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scan with the camera' });
    await waitFor(() => expect(dialog.querySelector('video[data-decoder="native"]')).not.toBeNull());
    await waitFor(() => expect(camera.detect).toHaveBeenCalled());
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(camera.track.stop).toHaveBeenCalled();
    expect(onScan).not.toHaveBeenCalled();
  });

  it('says why the reader failed, and stops the camera, rather than looking on in silence', async () => {
    const camera = fakeCamera([]);
    camera.detect.mockRejectedValue(new DOMException('Barcode detection service unavailable.', 'NotSupportedError'));
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Scan with the camera' }));
    expect(await screen.findByText('The camera could not read barcodes: Barcode detection service unavailable.')).toBeInTheDocument();
    expect(camera.track.stop).toHaveBeenCalled();
  });

  it('stops the camera when the reader cannot be made at all', async () => {
    const camera = fakeCamera([]);
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        static getSupportedFormats = () => Promise.resolve(['code_128', 'data_matrix', 'qr_code']);
        constructor() {
          throw new DOMException('No reader here.', 'NotSupportedError');
        }
      },
    );
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Scan with the camera' }));
    expect(await screen.findByText(/No reader here\./)).toBeInTheDocument();
    expect(camera.getUserMedia).toHaveBeenCalled();
    expect(camera.track.stop).toHaveBeenCalled();
  });

  it('says why when the camera is refused', async () => {
    const camera = fakeCamera([]);
    camera.getUserMedia.mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Scan with the camera' }));
    expect(await screen.findByText('The camera was not allowed: allow it in the browser for this site, or use the scanner.')).toBeInTheDocument();
  });
});

describe('the ponyfill (issue 32, section 3)', () => {
  it('is served the zxing_reader.wasm it was built for: the build copies the wasm of our own zxing-wasm', () => {
    // The package's own folder: the one above its dist/.
    const entry = createRequire(import.meta.url).resolve('zxing-wasm');
    const root = entry.slice(0, entry.lastIndexOf(`${join('/', 'dist', '/')}`));
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))).toMatchObject({ name: 'zxing-wasm', version: ZXING_WASM_VERSION });
  });
});
