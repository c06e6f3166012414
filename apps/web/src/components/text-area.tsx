import { Input } from 'antd';
import type { TextAreaProps as AntTextAreaProps } from 'antd/es/input';

export interface TextAreaProps extends Omit<AntTextAreaProps, 'showCount'> {
  /** Spec section 5: optional maximum length; when set, a character counter shows. */
  maxLength?: number;
  /** Show the counter even without a maximum. */
  showCounter?: boolean;
}

export function TextArea({ maxLength, showCounter, autoSize, ...rest }: TextAreaProps) {
  return (
    <Input.TextArea
      {...rest}
      maxLength={maxLength}
      showCount={maxLength !== undefined || showCounter === true}
      autoSize={autoSize ?? { minRows: 3, maxRows: 8 }}
    />
  );
}
