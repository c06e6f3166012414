// The characters WinAnsiEncoding gives beyond Latin-1 (0x80-0x9F in Windows-1252).
const windows1252Extras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text the standard PDF fonts can show: they carry WinAnsi (Windows-1252) glyphs only, and
 * pdfkit writes any other character as its low byte, i.e. as a wrong letter. Such a
 * character prints as "?" instead; tabs become spaces, other control characters go.
 */
export function winAnsiText(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (char === '\n') out += char;
    else if (char === '\t') out += ' ';
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    else if (code <= 0xff || windows1252Extras.has(char)) out += char;
    else out += '?';
  }
  return out;
}
