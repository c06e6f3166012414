import { messages } from '@erp/domain';
import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Spec section 2: the generic error screen. */
export function LoadFailed({ onRetry }: { onRetry?: () => void }) {
  return (
    <Result
      status="error"
      title={messages.loadFailedTitle}
      subTitle={messages.loadFailedHint}
      extra={
        <Button type="primary" onClick={onRetry ?? (() => window.location.reload())}>
          Reload
        </Button>
      }
    />
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
