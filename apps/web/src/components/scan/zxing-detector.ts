import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import readerWasm from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * The `barcode-detector` ponyfill (ZXing compiled to WebAssembly) for browsers with no native
 * BarcodeDetector. Its reader would fetch `zxing_reader.wasm` from a CDN; it is a hashed asset of
 * our build instead, served from our origin, so the camera works with no internet. Imported only
 * when the camera opens: the module and the wasm stay out of the first load (`check:bundle`).
 */
prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? readerWasm : prefix + path) } });

export { BarcodeDetector };
