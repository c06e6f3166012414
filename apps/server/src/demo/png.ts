import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export type Rgb = readonly [number, number, number];

/** A true-colour PNG from a pixel function: enough for the demo logos, no image files needed. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[row + 1 + x * 3] = r;
      raw[row + 2 + x * 3] = g;
      raw[row + 3 + x * 3] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** 5x7 glyphs of the letters the demo logo spells. */
const glyphs: Record<string, readonly string[]> = {
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  D: ['11110', '10001', '10001', '10001', '10001', '10001', '11110'],
  I: ['11111', '00100', '00100', '00100', '00100', '00100', '11111'],
  L: ['10000', '10000', '10000', '10000', '10000', '10000', '11111'],
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  B: ['11110', '10001', '10001', '11110', '10001', '10001', '11110'],
};

const teal: Rgb = [0, 121, 107];
const white: Rgb = [255, 255, 255];
const red: Rgb = [211, 47, 47];

/** A medical cross of arm `arm` centred in a square of side `size` at (left, top). */
function inCross(x: number, y: number, left: number, top: number, size: number): boolean {
  const arm = size / 3;
  const dx = x - left;
  const dy = y - top;
  if (dx < 0 || dy < 0 || dx >= size || dy >= size) return false;
  return (dx >= arm && dx < 2 * arm) || (dy >= arm && dy < 2 * arm);
}

/** 480x120 banner: a red cross on white, then "MEDILAB" in white on teal. */
export function rectangleLogoPng(): Buffer {
  const width = 480;
  const height = 120;
  const scale = 7;
  const text = 'MEDILAB';
  const textLeft = 140;
  const textTop = Math.round((height - 7 * scale) / 2);
  return encodePng(width, height, (x, y) => {
    if (x < 120) return inCross(x, y, 24, 24, 72) ? red : white;
    const column = Math.floor((x - textLeft) / scale);
    const row = Math.floor((y - textTop) / scale);
    const letter = text[Math.floor(column / 6)];
    if (x >= textLeft && row >= 0 && row < 7 && letter && column % 6 < 5) {
      if (glyphs[letter]?.[row]?.[column % 6] === '1') return white;
    }
    return teal;
  });
}

/** 128x128 square: a white cross on teal. */
export function squareLogoPng(): Buffer {
  return encodePng(128, 128, (x, y) => (inCross(x, y, 20, 20, 88) ? white : teal));
}
