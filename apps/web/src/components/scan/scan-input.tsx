import { CameraOutlined, LoadingOutlined, ScanOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Space, type InputRef } from 'antd';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { beep } from './scan-sound.ts';
import { onWedgeKeyDown, onWedgeKeyUp, rawScan, shownScan, type AltCode, type WedgeAction } from './wedge-keys.ts';

// The camera's view and its decoder are a chunk of their own, loaded when the camera is opened.
const CameraScan = lazy(() => import('./camera-scan.tsx').then((module) => ({ default: module.CameraScan })));

/** Whether this browser can open a camera at all (a secure origin with a media device API). */
const hasCamera = () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

/** What became of a scan: a summary of what was read, or the server's message. */
export type ScanOutcome = { ok: true; summary: string } | { ok: false; message: string };

export interface ScanInputProps {
  /** Called once per scan (Enter) with the text as scanned, GS as U+001D; substitutes are sent as typed. */
  onScan: (scan: string) => Promise<ScanOutcome> | ScanOutcome;
  /** The box's accessible name. */
  label?: string;
  disabled?: boolean;
  /** Focused when it appears (the scan screens' default). */
  autoFocus?: boolean;
  /** Offer the camera button where the browser has a camera API (default); false hides it. */
  camera?: boolean;
}

/**
 * The one box every scan screen reads barcodes with (issue 32, section 3): a keyboard-wedge
 * scanner types into it, GS chords become GS, Enter sends the scan; typing by hand works too.
 * It shows and sounds the outcome, then empties and keeps the focus for the next pack.
 */
export function ScanInput({ onScan, label = 'Scan', disabled, autoFocus = true, camera = true }: ScanInputProps) {
  const [raw, setRaw] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  const input = useRef<InputRef>(null);
  const alt = useRef<AltCode>({ digits: '' });
  // Where the caret goes once an inserted GS is rendered: before the next key, so a fast scanner's characters stay in order.
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    if (caret.current === null) return;
    input.current?.input?.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [raw]);

  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);

  const insert = (text: string) => {
    const element = input.current?.input;
    const start = element?.selectionStart ?? raw.length;
    const end = element?.selectionEnd ?? raw.length;
    // Positions are of the shown text, one character per raw one.
    caret.current = start + text.length;
    setRaw((current) => current.slice(0, start) + text + current.slice(end));
  };

  // Scans wait their turn: a wedge scanner does not pause while the server answers, so a pack
  // scanned meanwhile is queued, never dropped, and each is sent after the screen has taken the
  // one before (the parent's onScan of the next render, which knows the rows the last one filled).
  const queue = useRef<string[]>([]);
  const draining = useRef(false);
  const latestOnScan = useRef(onScan);
  latestOnScan.current = onScan;

  const drain = async () => {
    if (draining.current) return;
    draining.current = true;
    setBusy(true);
    while (queue.current.length > 0) {
      const scan = queue.current.shift()!;
      let result: ScanOutcome;
      try {
        result = await latestOnScan.current(scan);
      } catch (error) {
        result = { ok: false, message: error instanceof Error ? error.message : String(error) };
      }
      setOutcome(result);
      beep(result.ok);
      // Let the screen render what this scan changed before the next is read.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    draining.current = false;
    setBusy(false);
  };

  // A camera read goes through the same path as a typed one.
  const send = (scan = raw) => {
    if (scan.trim() === '') return;
    queue.current.push(scan);
    if (scan === raw) setRaw('');
    input.current?.focus();
    void drain();
  };

  const act = (event: KeyboardEvent<HTMLInputElement>, action: WedgeAction) => {
    if (action.kind === 'none') return;
    event.preventDefault();
    event.stopPropagation();
    if (action.kind === 'insert') insert(action.text);
    if (action.kind === 'end') send();
  };

  return (
    <div className="scan-input">
      <Space.Compact style={{ width: '100%' }}>
        <Input
          ref={input}
          aria-label={label}
          placeholder="Scan a barcode, or type its text and press Enter"
          prefix={<ScanOutlined aria-hidden />}
          value={shownScan(raw)}
          disabled={disabled}
          suffix={busy ? <LoadingOutlined aria-label="Reading the scan" /> : <span />}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setRaw(rawScan(event.target.value))}
          onKeyDown={(event) => act(event, onWedgeKeyDown(event, alt.current))}
          onKeyUp={(event) => act(event, onWedgeKeyUp(event, alt.current))}
        />
        {camera && hasCamera() && (
          <Button icon={<CameraOutlined />} aria-label="Scan with the camera" title="Scan with the camera" disabled={disabled} onClick={() => setCameraOpen(true)} />
        )}
      </Space.Compact>
      {cameraOpen && (
        <Suspense fallback={null}>
          <CameraScan
            onClose={() => {
              setCameraOpen(false);
              input.current?.focus();
            }}
            onRead={(scan) => {
              setCameraOpen(false);
              send(scan);
            }}
          />
        </Suspense>
      )}
      {outcome && (
        <div aria-live="polite" style={{ marginTop: 8 }}>
          <Alert type={outcome.ok ? 'success' : 'error'} showIcon message={outcome.ok ? outcome.summary : outcome.message} />
        </div>
      )}
    </div>
  );
}
