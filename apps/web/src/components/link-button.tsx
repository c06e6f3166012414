import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * A button that is a real link (`<a href>`: middle-click and "copy link" work) and navigates
 * inside the app on a plain click, in the same tab.
 */
export function LinkButton({ to, onClick, ...rest }: Omit<ButtonProps, 'href'> & { to: string }) {
  const navigate = useNavigate();
  return (
    <Button
      {...rest}
      href={to}
      onClick={(event: MouseEvent<HTMLElement>) => {
        onClick?.(event as never);
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        void navigate(to);
      }}
    />
  );
}
