/**
 * A ZIP archive (an .xlsx) with every entry's modification time set to one fixed instant, in
 * its local header and in the central directory: the same content then makes the same bytes,
 * whenever it was written (an export read back by an import and exported again is
 * byte-identical). The archive is otherwise untouched: sizes, offsets and checksums stay valid.
 */
const localHeader = 0x04034b50;
const centralHeader = 0x02014b50;
const endOfDirectory = 0x06054b50;
/** 1980-01-01 00:00, the first instant a ZIP's DOS date can say. */
const dosTime = 0;
const dosDate = (0 << 9) | (1 << 5) | 1;

export function withFixedTimes(zip: Buffer): Buffer {
  const bytes = Buffer.from(zip);
  // The end-of-central-directory record: 22 bytes, plus a comment of at most 65,535.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i -= 1) {
    if (bytes.readUInt32LE(i) === endOfDirectory) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('Not a ZIP archive');
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  for (let n = 0; n < entries; n += 1) {
    if (bytes.readUInt32LE(at) !== centralHeader) throw new Error('Malformed ZIP central directory');
    bytes.writeUInt16LE(dosTime, at + 12);
    bytes.writeUInt16LE(dosDate, at + 14);
    const local = bytes.readUInt32LE(at + 42);
    if (bytes.readUInt32LE(local) !== localHeader) throw new Error('Malformed ZIP local header');
    bytes.writeUInt16LE(dosTime, local + 10);
    bytes.writeUInt16LE(dosDate, local + 12);
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return bytes;
}
