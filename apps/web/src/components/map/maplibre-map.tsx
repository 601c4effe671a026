/**
 * The map view itself (ADR 013), loaded only when a map is opened (lazy-shop-map.tsx): MapLibre GL JS over the
 * offline basemap (Malta's islands from world-atlas, the shipped locality names as HTML labels) or, when the
 * deployment names one, a tile service's style. Shops are HTML markers built from MapLibre's own clustering of a
 * GeoJSON source, so no glyph or font server is needed. The map is drawn for eyes and pointers only: its canvas
 * and markers are out of the tab order and hidden from screen readers, who get the list (the page says so).
 */
import * as maplibregl from 'maplibre-gl';
import type { GeoJSONSource, LngLatBoundsLike, StyleSpecification } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef } from 'react';
import islands from 'virtual:malta-basemap';
import { MALTA_LOCALITIES } from '@qrib/shared/malta-localities';
import { CLUSTER_PROPERTIES, shopFeatures, type MapDiscount, type ShopFeatureProperties, type ShopPoint } from './map-points.ts';

maplibregl.setWorkerUrl(workerUrl);

/** The islands with some sea around them; the offline map does not pan beyond. */
const MALTA_BOUNDS: LngLatBoundsLike = [
  [14.05, 35.7],
  [14.75, 36.15],
];
/** The schematic basemap has nothing finer to show past this zoom. */
const OFFLINE_MAX_ZOOM = 12;
/** Labelled at every zoom; the other localities appear from LABELS_ALL_ZOOM. */
const MAJOR_LOCALITIES = new Set(['Valletta', 'Sliema', 'Mosta', 'Rabat', 'Mellieħa', "St Paul's Bay", 'Marsaxlokk', 'Birkirkara', 'Victoria, Gozo', 'Żejtun']);
const LABELS_ALL_ZOOM = 11.5;
/** A still map (the shop page) shows the shop among the main towns around it. */
const STILL_MAP_ZOOM = 11;

const COLOURS = {
  light: { water: '#dbeafe', land: '#f8fafc', coast: '#94a3b8' },
  dark: { water: '#0b1626', land: '#1e293b', coast: '#64748b' },
};

function isDark() {
  return document.documentElement.classList.contains('dark');
}

function offlineStyle(): StyleSpecification {
  const colours = isDark() ? COLOURS.dark : COLOURS.light;
  return {
    version: 8,
    sources: { islands: { type: 'geojson', data: islands } },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': colours.water } },
      { id: 'land', type: 'fill', source: 'islands', paint: { 'fill-color': colours.land } },
      { id: 'coast', type: 'line', source: 'islands', paint: { 'line-color': colours.coast, 'line-width': 1 } },
    ],
  };
}

export interface ShopMapProps {
  shops: readonly ShopPoint[];
  /** The text of a shop's marker: its best discount in the reader's language. */
  discountLabel: (discount: MapDiscount) => string;
  onSelect?: (vendorId: number) => void;
  /** False: a still picture of where the shops are (the shop page); no panning, zooming or tapping. */
  interactive?: boolean;
  /** A tile service's style (MAP_STYLE_URL); null draws the offline basemap. */
  styleUrl: string | null;
  /** Called when the map cannot be drawn (no WebGL after all, a lost context). */
  onFail: () => void;
  className?: string;
  /**
   * Issue 28: a pin the reader drags to set a position (the Shop profile's address); the map opens on it. For the
   * eyes and pointers only, as the rest of the map: the form beside it has the words and 'Use My Location'.
   */
  pin?: MapPin | undefined;
}

export interface MapPin {
  latitude: number;
  longitude: number;
  onMove: (latitude: number, longitude: number) => void;
}

function markerElement(className: string, testId: string): HTMLDivElement {
  const element = document.createElement('div');
  element.className = className;
  element.dataset.testid = testId;
  return element;
}

export default function ShopMap({ shops, discountLabel, onSelect, interactive = true, styleUrl, onFail, className, pin }: ShopMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const pinMarker = useRef<maplibregl.Marker | null>(null);
  // The latest callbacks, so the map (made once) always calls the current ones.
  const callbacks = useRef({ discountLabel, onSelect, onFail, pin });
  const shopsRef = useRef(shops);
  useEffect(() => {
    callbacks.current = { discountLabel, onSelect, onFail, pin };
    shopsRef.current = shops;
  });

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let map: maplibregl.Map;
    try {
      map = new maplibregl.Map({
        container: element,
        style: styleUrl ?? offlineStyle(),
        bounds: MALTA_BOUNDS,
        maxBounds: styleUrl ? undefined : MALTA_BOUNDS,
        maxZoom: styleUrl ? 18 : OFFLINE_MAX_ZOOM,
        interactive,
        keyboard: false,
        attributionControl: styleUrl ? { compact: true } : false,
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
        fadeDuration: 0,
      });
    } catch {
      callbacks.current.onFail();
      return;
    }
    mapRef.current = map;
    // Out of the tab order and the accessibility tree: keyboard and screen-reader users have the list.
    map.getCanvas().tabIndex = -1;
    map.getCanvas().removeAttribute('aria-label');
    map.getCanvasContainer().setAttribute('aria-hidden', 'true');
    map.on('webglcontextlost', () => callbacks.current.onFail());

    const labels: { marker: maplibregl.Marker; major: boolean }[] = [];
    const addLabels = () => {
      for (const locality of MALTA_LOCALITIES) {
        const label = markerElement('pointer-events-none select-none whitespace-nowrap text-[11px] font-medium text-slate-600', 'map-label');
        label.textContent = locality.name.replace(/, Gozo$/, '');
        labels.push({ marker: new maplibregl.Marker({ element: label }).setLngLat([locality.longitude, locality.latitude]).addTo(map), major: MAJOR_LOCALITIES.has(locality.name) });
      }
    };
    if (!styleUrl) addLabels();
    const startPin = callbacks.current.pin;
    if (startPin) {
      const element = markerElement('size-8 cursor-grab rounded-full border-4 border-white bg-brand-700 shadow-lg active:cursor-grabbing', 'map-pin');
      const marker = new maplibregl.Marker({ element, draggable: true }).setLngLat([startPin.longitude, startPin.latitude]).addTo(map);
      marker.on('dragend', () => {
        const { lat, lng } = marker.getLngLat();
        callbacks.current.pin?.onMove(Number(lat.toFixed(6)), Number(lng.toFixed(6)));
      });
      pinMarker.current = marker;
      map.jumpTo({ center: [startPin.longitude, startPin.latitude], zoom: styleUrl ? 16 : OFFLINE_MAX_ZOOM });
    }
    const showLabels = () => {
      const all = map.getZoom() >= LABELS_ALL_ZOOM;
      for (const { marker, major } of labels) marker.getElement().style.visibility = all || major ? 'visible' : 'hidden';
    };

    const shown = new Map<string, maplibregl.Marker>();
    const drawMarkers = () => {
      if (!map.getSource('shops') || !map.isSourceLoaded('shops')) return;
      const wanted = new Map<string, maplibregl.Marker>();
      for (const feature of map.querySourceFeatures('shops')) {
        if (feature.geometry.type !== 'Point') continue;
        const [lng = 0, lat = 0] = feature.geometry.coordinates;
        const properties = feature.properties as Record<string, unknown>;
        const isCluster = properties.cluster === true;
        const key = isCluster ? `c${String(properties.cluster_id)}` : `s${String(properties.vendorId)}`;
        if (wanted.has(key)) continue;
        let marker = shown.get(key);
        if (!marker) {
          marker = isCluster ? clusterMarker(map, properties, [lng, lat]) : shopMarker(properties as unknown as ShopFeatureProperties, [lng, lat]);
          marker.addTo(map);
        }
        wanted.set(key, marker);
      }
      for (const [key, marker] of shown) if (!wanted.has(key)) marker.remove();
      shown.clear();
      for (const [key, marker] of wanted) shown.set(key, marker);
    };

    const clusterMarker = (target: maplibregl.Map, properties: Record<string, unknown>, at: [number, number]) => {
      const count = Number(properties.point_count);
      const best = Number(properties.bestPercent);
      const element = markerElement(
        'flex size-12 cursor-pointer flex-col items-center justify-center rounded-full border-2 border-white bg-brand-700 text-white shadow-lg',
        'map-cluster',
      );
      const countText = document.createElement('span');
      countText.className = 'text-base font-bold leading-none';
      countText.dataset.testid = 'map-cluster-count';
      countText.textContent = String(count);
      element.append(countText);
      if (best > 0) {
        const bestText = document.createElement('span');
        bestText.className = 'text-[10px] leading-tight';
        bestText.textContent = callbacks.current.discountLabel({ discountType: 'PERCENTAGE', discountValue: best });
        element.append(bestText);
      }
      element.addEventListener('click', (event) => {
        event.stopPropagation();
        const source = target.getSource<GeoJSONSource>('shops');
        if (!source || !interactive) return;
        void source.getClusterExpansionZoom(Number(properties.cluster_id)).then((zoom: number) => target.easeTo({ center: at, zoom: Math.min(zoom, target.getMaxZoom()) }));
      });
      return new maplibregl.Marker({ element }).setLngLat(at);
    };

    const shopMarker = (properties: ShopFeatureProperties, at: [number, number]) => {
      const element = markerElement(
        'cursor-pointer whitespace-nowrap rounded-full border-2 border-white bg-brand-700 px-2.5 py-1 text-sm font-bold text-white shadow-lg',
        'map-marker',
      );
      element.dataset.vendorId = String(properties.vendorId);
      element.title = properties.businessName;
      // Its best discount; a shop with no current offer (on its own page) shows its name.
      element.textContent =
        properties.discountType === undefined || properties.discountValue === undefined
          ? properties.businessName
          : callbacks.current.discountLabel({
              discountType: properties.discountType,
              discountValue: properties.discountValue,
              buyQuantity: properties.buyQuantity ?? null,
              getQuantity: properties.getQuantity ?? null,
            });
      element.addEventListener('click', (event) => {
        event.stopPropagation();
        callbacks.current.onSelect?.(properties.vendorId);
      });
      return new maplibregl.Marker({ element, anchor: 'bottom' }).setLngLat(at);
    };

    // A tile service that cannot be reached (offline, say) leaves no blank map: the offline basemap takes its place.
    let styleLoaded = false;
    let isOffline = !styleUrl;
    map.on('error', () => {
      if (isOffline || styleLoaded) return;
      isOffline = true;
      map.setStyle(offlineStyle());
      map.setMaxZoom(OFFLINE_MAX_ZOOM);
      addLabels();
    });
    // Every style (the first, or the offline one after a failed tile service) gets the shops anew.
    map.on('style.load', () => {
      styleLoaded = true;
      if (map.getSource('shops')) return;
      map.addSource('shops', {
        type: 'geojson',
        data: shopFeatures(shopsRef.current),
        cluster: interactive,
        clusterRadius: 44,
        clusterMaxZoom: OFFLINE_MAX_ZOOM - 1,
        clusterProperties: CLUSTER_PROPERTIES,
      });
      // Invisible: it only makes MapLibre build the clustered tiles that querySourceFeatures reads.
      map.addLayer({ id: 'shops', type: 'circle', source: 'shops', paint: { 'circle-radius': 0, 'circle-opacity': 0 } });
      if (!callbacks.current.pin) fitShops(map, shopsRef.current, false, interactive ? OFFLINE_MAX_ZOOM : STILL_MAP_ZOOM);
      showLabels();
    });
    map.on('render', drawMarkers);
    map.on('zoomend', showLabels);

    // The basemap follows the account's light or dark theme.
    const themeWatch = new MutationObserver(() => {
      if (!isOffline || !map.getLayer('water')) return;
      const colours = isDark() ? COLOURS.dark : COLOURS.light;
      map.setPaintProperty('water', 'background-color', colours.water);
      map.setPaintProperty('land', 'fill-color', colours.land);
      map.setPaintProperty('coast', 'line-color', colours.coast);
    });
    themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });

    return () => {
      themeWatch.disconnect();
      mapRef.current = null;
      pinMarker.current = null;
      map.remove();
    };
  }, [styleUrl, interactive]);

  // The position set another way ('Use My Location'): the pin goes there and the map follows it.
  const pinLatitude = pin?.latitude;
  const pinLongitude = pin?.longitude;
  useEffect(() => {
    const marker = pinMarker.current;
    if (!marker || pinLatitude === undefined || pinLongitude === undefined) return;
    const at = marker.getLngLat();
    if (Math.abs(at.lat - pinLatitude) < 1e-6 && Math.abs(at.lng - pinLongitude) < 1e-6) return;
    marker.setLngLat([pinLongitude, pinLatitude]);
    mapRef.current?.easeTo({ center: [pinLongitude, pinLatitude] });
  }, [pinLatitude, pinLongitude]);

  // New results: new data for the clustered source, and the view moves to them.
  useEffect(() => {
    const map = mapRef.current;
    const source = map?.getSource<GeoJSONSource>('shops');
    if (!map || !source) return;
    void source.setData(shopFeatures(shops));
    fitShops(map, shops, true, OFFLINE_MAX_ZOOM);
  }, [shops]);

  return <div ref={container} className={className} data-testid="shop-map" />;
}

function fitShops(map: maplibregl.Map, shops: readonly ShopPoint[], animate: boolean, maxZoom: number) {
  if (shops.length === 0) return;
  const bounds = new maplibregl.LngLatBounds();
  for (const shop of shops) bounds.extend([shop.longitude, shop.latitude]);
  map.fitBounds(bounds, { padding: 48, maxZoom, animate });
}
