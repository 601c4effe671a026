/**
 * Where the shopper stands (spec §4): the device's location, asked once on load, or a Maltese locality they
 * chose. A new fetch location is used only when they moved more than 0.1 km from the last one; both the last
 * fetch location and the current location are kept in local storage, and the current one is removed when
 * the location cannot be read.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { haversineKm } from '@qrib/shared/geo';

export interface Point {
  latitude: number;
  longitude: number;
}

export const REFETCH_DISTANCE_KM = 0.1;
export const STORAGE_KEYS = {
  current: 'qrib.currentLocation',
  lastFetch: 'qrib.lastFetchLocation',
  chosenPlace: 'qrib.chosenPlace',
} as const;

function readPoint(storage: Storage, key: string): Point | undefined {
  try {
    const value: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    if (typeof value === 'object' && value !== null) {
      const { latitude, longitude } = value as Record<string, unknown>;
      if (typeof latitude === 'number' && typeof longitude === 'number') return { latitude, longitude };
    }
  } catch {
    // A damaged entry is the same as none.
  }
  return undefined;
}

/** Where the shopper was last seen (or the place they chose), without asking the device again; undefined when unknown. */
export function lastKnownLocation(storage: Storage): Point | undefined {
  return readPoint(storage, STORAGE_KEYS.current) ?? readPoint(storage, STORAGE_KEYS.chosenPlace);
}

/** The spec's 0.1 km rule: keep fetching for the last location unless the shopper really moved. */
export function chooseFetchLocation(current: Point, lastFetch: Point | undefined): Point {
  if (!lastFetch) return current;
  const moved = haversineKm(current.latitude, current.longitude, lastFetch.latitude, lastFetch.longitude);
  return moved > REFETCH_DISTANCE_KM ? current : lastFetch;
}

export function rememberLocation(storage: Storage, current: Point): Point {
  const fetchLocation = chooseFetchLocation(current, readPoint(storage, STORAGE_KEYS.lastFetch));
  storage.setItem(STORAGE_KEYS.current, JSON.stringify(current));
  storage.setItem(STORAGE_KEYS.lastFetch, JSON.stringify(fetchLocation));
  return fetchLocation;
}

export type ShopperLocation =
  | { status: 'detecting' }
  | { status: 'ready'; fetchLocation: Point; place: string | undefined }
  | { status: 'error'; unsupported: boolean; denied: boolean };

interface ChosenPlace {
  name: string;
  latitude: number;
  longitude: number;
}

function readChosenPlace(): ChosenPlace | undefined {
  const point = readPoint(localStorage, STORAGE_KEYS.chosenPlace);
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.chosenPlace) ?? 'null') as { name?: unknown } | null;
    if (point && typeof stored?.name === 'string') return { ...point, name: stored.name };
  } catch {
    localStorage.removeItem(STORAGE_KEYS.chosenPlace);
  }
  return undefined;
}

function placeState(place: ChosenPlace): ShopperLocation {
  const point = { latitude: place.latitude, longitude: place.longitude };
  return { status: 'ready', fetchLocation: rememberLocation(localStorage, point), place: place.name };
}

/** The first state: a place chosen earlier wins over the device; a browser without geolocation is an error. */
function initialState(): ShopperLocation {
  const chosen = readChosenPlace();
  if (chosen) return placeState(chosen);
  if (!('geolocation' in navigator)) return { status: 'error', unsupported: true, denied: false };
  return { status: 'detecting' };
}

export function useShopperLocation() {
  const [state, setState] = useState<ShopperLocation>(initialState);

  /** Asks the device; only its callbacks change the state. */
  const askDevice = useCallback(() => {
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const current = { latitude: position.coords.latitude, longitude: position.coords.longitude };
        setState({ status: 'ready', fetchLocation: rememberLocation(localStorage, current), place: undefined });
      },
      (error) => {
        localStorage.removeItem(STORAGE_KEYS.current);
        setState({ status: 'error', unsupported: false, denied: error.code === error.PERMISSION_DENIED });
      },
      { timeout: 10_000, maximumAge: 5 * 60_000 },
    );
  }, []);

  const detectDevice = useCallback(() => {
    localStorage.removeItem(STORAGE_KEYS.chosenPlace);
    if (!('geolocation' in navigator)) {
      setState({ status: 'error', unsupported: true, denied: false });
      return;
    }
    setState({ status: 'detecting' });
    askDevice();
  }, [askDevice]);

  const choosePlace = useCallback((place: ChosenPlace) => {
    localStorage.setItem(STORAGE_KEYS.chosenPlace, JSON.stringify(place));
    setState(placeState(place));
  }, []);

  // Spec §4: the location is requested once, on load (the ref keeps a re-run effect from asking twice).
  const askedOnLoad = useRef(false);
  const startsDetecting = state.status === 'detecting';
  useEffect(() => {
    if (askedOnLoad.current) return;
    askedOnLoad.current = true;
    if (startsDetecting) askDevice();
  }, [startsDetecting, askDevice]);

  return { location: state, detectDevice, choosePlace };
}

/**
 * Where the shopper is, for a page that only shows distances (an offer opened from a shared or bookmarked link): the
 * last known position, else the device is asked once. Undefined while unknown, and when refused: such a page then
 * simply shows no distance.
 */
export function useKnownPosition(): Point | undefined {
  const [position, setPosition] = useState<Point | undefined>(() => lastKnownLocation(localStorage));
  const isKnown = position !== undefined;
  useEffect(() => {
    if (isKnown || !('geolocation' in navigator)) return;
    let isMounted = true;
    navigator.geolocation.getCurrentPosition(
      (found) => {
        const current = { latitude: found.coords.latitude, longitude: found.coords.longitude };
        rememberLocation(localStorage, current);
        if (isMounted) setPosition(current);
      },
      () => undefined,
      { timeout: 10_000, maximumAge: 5 * 60_000 },
    );
    return () => {
      isMounted = false;
    };
  }, [isKnown]);
  return position;
}
