import { createInflateRaw } from 'node:zlib';

/**
 * The entries of a ZIP archive (every .xlsx is one) as its central directory lists them, read
 * the way JSZip (exceljs's unzipper) reads it, so both see the same entries: the last end
 * record, the directory at its offset, entries while their signature follows, sizes past
 * 4 GB in the ZIP64 extra field, each entry's data after its local header.
 */
export interface ZipEntry {
  /** 0 stored, 8 deflated; JSZip refuses any other. */
  method: number;
  /** What the entry says it unpacks to: a claim, checked by `unpackedLength`. */
  declaredSize: number;
  /** The packed bytes. */
  data: Buffer;
}

const signatures = { endOfDirectory: 0x06054b50, zip64Locator: 0x07064b50, zip64End: 0x06064b50, directoryEntry: 0x02014b50, localHeader: 0x04034b50 };
const max16 = 0xffff;
const max32 = 0xffffffff;

function uint64(bytes: Buffer, offset: number): number {
  const value = bytes.readBigUInt64LE(offset);
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
}

/** Where the central directory starts, or undefined when the archive has no readable end record. */
function directoryOffsetOf(bytes: Buffer): number | undefined {
  // The end record (22 bytes) is followed only by its comment (at most 65,535 bytes).
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - max16); at--) {
    if (bytes.readUInt32LE(at) === signatures.endOfDirectory) {
      end = at;
      break;
    }
  }
  if (end < 0) return undefined;
  const entries = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  const offset = bytes.readUInt32LE(end + 16);
  if (entries !== max16 && size !== max32 && offset !== max32) {
    // Bytes before the archive shift every offset (JSZip adjusts for them); a workbook never has any.
    return offset + size === end ? offset : undefined;
  }
  const locator = end - 20;
  if (locator < 0 || bytes.readUInt32LE(locator) !== signatures.zip64Locator) return undefined;
  const zip64End = uint64(bytes, locator + 8);
  if (zip64End + 56 > bytes.length || bytes.readUInt32LE(zip64End) !== signatures.zip64End) return undefined;
  const zip64Offset = uint64(bytes, zip64End + 48);
  const endsAt = zip64End + 12 + uint64(bytes, zip64End + 4);
  return zip64Offset + uint64(bytes, zip64End + 40) === zip64End && endsAt === locator ? zip64Offset : undefined;
}

/** The archive's entries, or undefined when it is damaged (no end record, an entry pointing outside the file). */
export function zipEntriesOf(bytes: Buffer): ZipEntry[] | undefined {
  let at = directoryOffsetOf(bytes);
  if (at === undefined) return undefined;
  const entries: ZipEntry[] = [];
  while (at + 46 <= bytes.length && bytes.readUInt32LE(at) === signatures.directoryEntry) {
    const method = bytes.readUInt16LE(at + 10);
    let packedSize = bytes.readUInt32LE(at + 20);
    let declaredSize = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    let localHeader = bytes.readUInt32LE(at + 42);
    if (at + 46 + nameLength + extraLength > bytes.length) return undefined;
    // ZIP64: each field at its 32-bit maximum is in the extra field 0x0001, in this order.
    if (declaredSize === max32 || packedSize === max32 || localHeader === max32) {
      const wide = zip64FieldsOf(bytes.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
      if (!wide) return undefined;
      if (declaredSize === max32) declaredSize = wide.shift() ?? Number.MAX_SAFE_INTEGER;
      if (packedSize === max32) packedSize = wide.shift() ?? Number.MAX_SAFE_INTEGER;
      if (localHeader === max32) localHeader = wide.shift() ?? Number.MAX_SAFE_INTEGER;
    }
    if (localHeader + 30 > bytes.length || bytes.readUInt32LE(localHeader) !== signatures.localHeader) return undefined;
    const dataStart = localHeader + 30 + bytes.readUInt16LE(localHeader + 26) + bytes.readUInt16LE(localHeader + 28);
    if (dataStart + packedSize > bytes.length) return undefined;
    entries.push({ method, declaredSize, data: bytes.subarray(dataStart, dataStart + packedSize) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The 64-bit values of a ZIP64 extra field, or undefined when the extra fields hold none. */
function zip64FieldsOf(extra: Buffer): number[] | undefined {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      const values: number[] = [];
      for (let field = at + 4; field + 8 <= Math.min(at + 4 + length, extra.length); field += 8) values.push(uint64(extra, field));
      return values;
    }
    at += 4 + length;
  }
  return undefined;
}

/**
 * How many bytes the entry really unpacks to, counting without keeping them; stops once past
 * `limit` (answering a number over it), so an entry understating its size costs no memory.
 * Rejects when the packed data is not valid deflate.
 */
export function unpackedLength(entry: ZipEntry, limit: number): Promise<number> {
  if (entry.method !== 8) return Promise.resolve(entry.data.length);
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
    let length = 0;
    inflate.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) {
        inflate.destroy();
        resolve(length);
      }
    });
    inflate.on('end', () => resolve(length));
    inflate.on('error', reject);
    inflate.end(entry.data);
  });
}
