import { Spin } from 'antd';

/** Spec section 2: shown during the first authentication check. */
export function FullScreenLoader() {
  return (
    <div role="status" aria-label="Loading" style={{ display: 'grid', placeItems: 'center', height: '100vh', width: '100%' }}>
      <Spin size="large" />
    </div>
  );
}

/** Spec section 2: shown while a screen's code loads. */
export function LoadingFallback() {
  return (
    <div role="status" aria-label="Loading screen" style={{ display: 'grid', placeItems: 'center', minHeight: 240, width: '100%' }}>
      <Spin />
    </div>
  );
}
