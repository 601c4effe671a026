/**
 * The map (ADR 013) as the screens use it: MapLibre's code and styles are a chunk of their own, fetched the first
 * time a map is opened ('Loading...' meanwhile), never with the screen. Without WebGL, or when the chunk cannot be
 * loaded, a message says so and the list stays the way to the offers.
 */
import { Component, Suspense, lazy, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '../../lib/client-config.ts';
import { formatDiscount } from '../../lib/format.ts';
import { LoadingState } from '../ui/data-states.tsx';
import type { ShopMapProps } from './maplibre-map.tsx';

const ShopMap = lazy(() => import('./maplibre-map.tsx'));

/** MapLibre 6 draws with WebGL 2. */
export function canDrawMaps(): boolean {
  try {
    return document.createElement('canvas').getContext('webgl2') !== null;
  } catch {
    return false;
  }
}

class MapErrorBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

type LazyShopMapProps = Pick<ShopMapProps, 'shops' | 'onSelect' | 'interactive' | 'pin'> & { className: string };

export function LazyShopMap({ className, ...props }: LazyShopMapProps) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(() => !canDrawMaps());
  const config = useClientConfig(!failed);
  if (failed) {
    return (
      <p role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="map-unavailable">
        {t('map.unavailable')}
      </p>
    );
  }
  if (config.isPending) return <LoadingState />;
  return (
    <MapErrorBoundary onError={() => setFailed(true)}>
      <Suspense fallback={<LoadingState />}>
        <ShopMap
          {...props}
          className={className}
          styleUrl={config.data?.mapStyleUrl ?? null}
          discountLabel={(discount) => formatDiscount(t, discount.discountType, discount.discountValue, discount)}
          onFail={() => setFailed(true)}
        />
      </Suspense>
    </MapErrorBoundary>
  );
}
