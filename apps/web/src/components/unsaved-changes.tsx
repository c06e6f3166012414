import { Modal } from 'antd';
import { type ReactNode, type SyntheticEvent, useCallback, useEffect, useRef } from 'react';

// A pick in a Select or a date panel changes a form without an input event.
const pickedOption = '[role="option"], .ant-select-item-option, .ant-picker-cell, .ant-checkbox-wrapper, .ant-radio-wrapper, .ant-switch';

/**
 * A drawer's close by a click outside, its X or Escape asks first once anything was typed or
 * picked in it: one stray click threw away the lots typed into a goods receipt. React events
 * travel through portals, so a Select's dropdown counts as inside. Closing after a save goes
 * through the form's own callbacks and is not asked.
 */
export function useUnsavedChangesGuard(
  /** What the drawer shows (open or not, which document): the guard starts clean when it changes. */
  showing: unknown,
  close: () => void,
) {
  const dirty = useRef(false);
  useEffect(() => {
    dirty.current = false;
  }, [showing]);
  const onChanged = useCallback((event: SyntheticEvent) => {
    if (event.type !== 'click' || (event.target as Element).closest?.(pickedOption)) dirty.current = true;
  }, []);
  const requestClose = useCallback(() => {
    if (!dirty.current) {
      close();
      return;
    }
    Modal.confirm({
      title: 'Discard your changes?',
      content: 'What you entered in this form has not been saved.',
      okText: 'Discard',
      okButtonProps: { danger: true },
      cancelText: 'Keep editing',
      onOk: close,
    });
  }, [close]);
  const track = (children: ReactNode) => (
    <div onInputCapture={onChanged} onChangeCapture={onChanged} onClickCapture={onChanged}>
      {children}
    </div>
  );
  return { requestClose, track };
}
