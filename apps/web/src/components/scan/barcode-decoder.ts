import type { BarcodeDetector } from 'barcode-detector/ponyfill';
import { cameraFormats } from './camera-text.ts';

/** What reads the camera's frames: the browser's own BarcodeDetector, or ZXing's WebAssembly. */
export interface BarcodeDecoder {
  kind: 'native' | 'zxing';
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string; format: string }>>;
}

type DetectorClass = typeof BarcodeDetector;

/** The browser's BarcodeDetector when it reads all three GS1 formats (Chromium on Android and macOS), else the ponyfill, loaded now. */
export async function openBarcodeDecoder(): Promise<BarcodeDecoder> {
  const formats = [...cameraFormats];
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  const supported = Native ? await Native.getSupportedFormats().catch(() => []) : [];
  const native = Native !== undefined && formats.every((format) => supported.includes(format));
  const Detector = native ? Native : (await import('./zxing-detector.ts')).BarcodeDetector;
  const detector = new Detector({ formats });
  return { kind: native ? 'native' : 'zxing', detect: (source) => detector.detect(source) };
}
