import type { KeyboardEvent } from 'react';

/** The GS character (FNC1 inside a GS1 element string), U+001D. */
export const GS = '\u001d';
/** How GS shows in the box (U+241D, the "symbol for group separator"): the control character itself is invisible. */
export const GS_SHOWN = '\u241d';

export const shownScan = (raw: string): string => raw.replaceAll(GS, GS_SHOWN);
export const rawScan = (shown: string): string => shown.replaceAll(GS_SHOWN, GS);

/**
 * What a keyboard-wedge scanner's keys mean (issue 32, section 3). Scanners send GS as Ctrl+]
 * (the ASCII control chord for 0x1D) or as an Alt code (Alt held, 0 2 9 on the numpad); either
 * must become GS and never reach the browser, which would otherwise zoom, open the menu bar or
 * go back. Enter ends the scan and must not submit the form around the box.
 */
export type WedgeAction =
  | { kind: 'insert'; text: string }
  | { kind: 'end' }
  | { kind: 'swallow' }
  | { kind: 'none' };

/** The state of an Alt code being typed: the numpad digits since Alt went down. */
export interface AltCode {
  digits: string;
}

type Key = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'altKey' | 'metaKey'>;

export function onWedgeKeyDown(event: Key, alt: AltCode): WedgeAction {
  if (event.key === 'Enter') return { kind: 'end' };
  if (event.key === GS) return { kind: 'insert', text: GS };
  if (event.ctrlKey && !event.altKey && (event.key === ']' || event.code === 'BracketRight')) return { kind: 'insert', text: GS };
  if (event.altKey && !event.ctrlKey && /^Numpad\d$/.test(event.code)) {
    alt.digits += event.code.slice(-1);
    return { kind: 'swallow' };
  }
  return { kind: 'none' };
}

/** Alt released: an Alt code typed is its character (029 is GS; printable codes as typed), else nothing. */
export function onWedgeKeyUp(event: Key, alt: AltCode): WedgeAction {
  if (event.key !== 'Alt' || alt.digits === '') return { kind: 'none' };
  const code = Number(alt.digits);
  alt.digits = '';
  if (code === 29) return { kind: 'insert', text: GS };
  if (code >= 32 && code <= 126) return { kind: 'insert', text: String.fromCharCode(code) };
  return { kind: 'swallow' };
}
