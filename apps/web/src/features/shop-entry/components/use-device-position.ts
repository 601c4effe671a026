/**
 * The device's own position for shop entry recognition: never a locality chosen by hand, since a visit needs
 * where the shopper really stands. Same geolocation options as the shopper home (10 s timeout, 5 min cached).
 */
import { useEffect, useState } from 'react';
import type { DevicePoint } from '../api/detect-visit.ts';

export type DevicePosition =
  | { status: 'detecting' }
  | { status: 'ready'; point: DevicePoint }
  | { status: 'error'; unsupported: boolean; denied: boolean };

export const GEOLOCATION_OPTIONS: PositionOptions = { timeout: 10_000, maximumAge: 5 * 60_000 };

function initialPosition(): DevicePosition {
  return 'geolocation' in navigator ? { status: 'detecting' } : { status: 'error', unsupported: true, denied: false };
}

/** Follows the device while mounted (`watch`), or reads it once (`once`). */
export function useDevicePosition(mode: 'watch' | 'once'): DevicePosition {
  const [position, setPosition] = useState<DevicePosition>(initialPosition);
  useEffect(() => {
    if (!('geolocation' in navigator)) return undefined;
    const onPosition = (found: GeolocationPosition) =>
      setPosition({ status: 'ready', point: { latitude: found.coords.latitude, longitude: found.coords.longitude } });
    const onError = (error: GeolocationPositionError) => {
      // A watch keeps running after a timeout and may still deliver; only a refusal or no position is final.
      setPosition((current) =>
        current.status === 'ready' && error.code === error.TIMEOUT ? current : { status: 'error', unsupported: false, denied: error.code === error.PERMISSION_DENIED },
      );
    };
    if (mode === 'once') {
      let isCurrent = true;
      navigator.geolocation.getCurrentPosition(
        (found) => {
          if (isCurrent) onPosition(found);
        },
        (error) => {
          if (isCurrent) onError(error);
        },
        GEOLOCATION_OPTIONS,
      );
      return () => {
        isCurrent = false;
      };
    }
    const watchId = navigator.geolocation.watchPosition(onPosition, onError, GEOLOCATION_OPTIONS);
    return () => navigator.geolocation.clearWatch(watchId);
  }, [mode]);
  return position;
}
