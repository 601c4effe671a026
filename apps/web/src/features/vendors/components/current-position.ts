/** Browser geolocation for "Use My Location" (spec §7: high accuracy, 10 s timeout, 5 min maximum age). */
import { MESSAGES } from '@qrib/shared/messages';

export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 5 * 60_000 };

/** Spec §8: the vendor screen's five geolocation messages. */
export function geolocationErrorMessage(error: GeolocationPositionError | undefined): string {
  if (!error) return MESSAGES.geoUnsupported;
  switch (error.code) {
    case error.PERMISSION_DENIED:
      return MESSAGES.geoDenied;
    case error.POSITION_UNAVAILABLE:
      return MESSAGES.geoUnavailable;
    case error.TIMEOUT:
      return MESSAGES.geoTimeout;
    default:
      return MESSAGES.geoUnknown;
  }
}

export function getCurrentPosition(geolocation: Geolocation | undefined = navigator.geolocation): Promise<{ latitude: number; longitude: number }> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new Error(MESSAGES.geoUnsupported));
      return;
    }
    geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => reject(new Error(geolocationErrorMessage(error))),
      GEOLOCATION_OPTIONS,
    );
  });
}
