/** A file or directory of a tarball, its data a view of the tarball's bytes. */
export interface Entry {
  /** Path inside the data directory, from the tarball. */
  name: string;
  directory: boolean;
  data: Uint8Array;
}

/** PGlite's dumps are plain ustar: 512-byte headers, octal sizes, data padded to 512. */
export function readTarball(tar: Uint8Array): Entry[] {
  const decoder = new TextDecoder();
  const text = (from: number, length: number) => {
    let end = from;
    while (end < from + length && tar[end] !== 0) end++;
    return decoder.decode(tar.subarray(from, end));
  };
  const entries: Entry[] = [];
  for (let offset = 0; offset + 512 <= tar.length && tar[offset] !== 0; ) {
    const prefix = text(offset + 345, 155);
    const name = prefix ? `${prefix}/${text(offset, 100)}` : text(offset, 100);
    const size = Number.parseInt(text(offset + 124, 12).trim() || '0', 8);
    const directory = tar[offset + 156] === 0x35; // typeflag '5'
    offset += 512;
    entries.push({ name, directory, data: tar.subarray(offset, offset + size) });
    offset += Math.ceil(size / 512) * 512;
  }
  if (entries.length === 0) throw new Error('not a PGlite data directory tarball');
  return entries;
}
