import { CloseCircleFilled } from '@ant-design/icons';
import { messages } from '@erp/domain';
import { Button, theme } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';

/**
 * Spec section 2: the generic error screen. Drawn as antd's Result with status "error" looks,
 * without Result itself: Result imports its 403/404/500 illustrations (~7 KiB gzip), and this
 * screen is in the login page's entry chunk (the error boundary shows it when a chunk fails).
 */
export function LoadFailed({ onRetry }: { onRetry?: () => void }) {
  const { token } = theme.useToken();
  return (
    <div style={{ padding: `${token.paddingLG * 2}px ${token.paddingXL}px`, textAlign: 'center' }}>
      <CloseCircleFilled style={{ fontSize: 72, color: token.colorError, marginBottom: token.paddingLG }} />
      <div style={{ color: token.colorTextHeading, fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3, marginBlock: token.marginXS }}>
        {messages.loadFailedTitle}
      </div>
      <div style={{ color: token.colorTextDescription, lineHeight: token.lineHeight }}>{messages.loadFailedHint}</div>
      <div style={{ marginTop: token.paddingLG }}>
        <Button type="primary" onClick={onRetry ?? (() => window.location.reload())}>
          Reload
        </Button>
      </div>
    </div>
  );
}

interface BoundaryState {
  failed: boolean;
}

/** Catches render errors and failed lazy imports (a chunk that did not download). */
export class ErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Screen failed to load', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) return <LoadFailed />;
    return this.props.children;
  }
}
