import 'leaflet/dist/leaflet.css';
import type { ClickTracking, PublicConfigResponse } from '@ar/core';
import { CHANNEL_NAMES, type TrackingPlace, trackingActionText, trackingPlaces } from '@ar/core';
import { BASEMAP_ATTRIBUTION, basemap, boundsOf } from '@ar/core/basemap';
import { VisuallyHidden } from '@mantine/core';
import L from 'leaflet';
import { useEffect, useId, useMemo, useRef } from 'react';
import { formatDateTime } from '../../app/format.ts';
import './tracking-map.css';

const DBIP = '<a href="https://db-ip.com" target="_blank" rel="noopener">IP Geolocation by DB-IP</a>';

/** One line of a popup or of the text alternative: what, by which channel, when. */
const describe = (t: ClickTracking) =>
  `${trackingActionText({ ...t, url: null })} (${CHANNEL_NAMES[t.canal]}) em ${formatDateTime(t.date)}`;

/** A marker's popup, built from text nodes: a place's name comes from the geolocation database, never as HTML. */
function popupOf(place: TrackingPlace): HTMLElement {
  const box = document.createElement('div');
  box.dataset.testid = 'tracking-popup';
  const title = document.createElement('strong');
  title.textContent = place.place || 'Local não identificado';
  box.append(title);
  const list = document.createElement('ul');
  list.style.margin = '4px 0 0';
  list.style.paddingLeft = '16px';
  for (const t of place.events) {
    const item = document.createElement('li');
    item.textContent = describe(t);
    list.append(item);
  }
  box.append(list);
  if (place.hasLatestRead) {
    const last = document.createElement('em');
    last.textContent = 'Local da leitura mais recente';
    box.append(last);
  }
  return box;
}

/**
 * The tracking panel's map (docs/maps.md): Leaflet over the basemap shipped with the product (the
 * countries' outlines and Brazil's states, no request outside the product), or over the tiles of
 * MAP_TILES_URL when the installation sets them. One marker per place, its popup listing each event
 * there; the place of the latest read is highlighted. The map has an accessible name and, for screen
 * readers, the same facts as text.
 */
export default function TrackingMap({ items, tiles }: { items: ClickTracking[]; tiles: PublicConfigResponse['map'] | null }) {
  const container = useRef<HTMLElement>(null);
  const descriptionId = useId();
  const places = useMemo(() => trackingPlaces(items), [items]);
  const tilesUrl = tiles?.tilesUrl ?? null;
  const tilesCredit = tiles?.attribution ?? '';

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const map = L.map(element, { attributionControl: false, zoomSnap: 0.25, fadeAnimation: false, maxZoom: tilesUrl ? 18 : 10 });
    L.control.attribution({ prefix: false }).addTo(map);
    // The view first: Leaflet creates a layer's elements only once the map has one.
    const [w, s, e, n] = boundsOf(places.map((p) => p.position));
    map.fitBounds(
      [
        [s, w],
        [n, e],
      ],
      { animate: false },
    );
    if (tilesUrl) {
      L.tileLayer(tilesUrl, { attribution: `${escapeHtml(tilesCredit)} | ${DBIP}` }).addTo(map);
    } else {
      const outline = { color: '#868e96', weight: 0.8, fillColor: '#f8f9fa', fillOpacity: 1 };
      L.geoJSON(basemap.paises as never, { style: outline, interactive: false, attribution: `${BASEMAP_ATTRIBUTION} | ${DBIP}` }).addTo(
        map,
      );
      L.geoJSON(basemap.estados as never, { style: { color: '#adb5bd', weight: 0.6, fill: false }, interactive: false }).addTo(map);
    }
    const markers = places.map((place) => {
      const latest = place.hasLatestRead;
      const icon = L.divIcon({
        className: latest ? 'ar-map-marker ar-map-marker-latest' : 'ar-map-marker',
        html: place.events.length > 1 ? `<span>${place.events.length}</span>` : '',
        iconSize: latest ? [22, 22] : [16, 16],
      });
      const label = `${place.place || 'Local não identificado'}: ${place.events.length} ${place.events.length === 1 ? 'evento' : 'eventos'}`;
      const marker = L.marker([place.position.lat, place.position.lng], {
        icon,
        title: label,
        alt: label,
        keyboard: true,
        zIndexOffset: latest ? 1000 : 0,
      });
      marker.bindPopup(popupOf(place));
      marker.addTo(map);
      const markerElement = marker.getElement();
      if (markerElement) {
        markerElement.dataset.testid = latest ? 'tracking-marker-latest' : 'tracking-marker';
        markerElement.dataset.lat = String(place.position.lat);
        markerElement.dataset.lng = String(place.position.lng);
        markerElement.setAttribute('aria-label', label);
        markerElement.setAttribute('role', 'button');
      }
      return marker;
    });
    return () => {
      for (const m of markers) m.remove();
      map.remove();
    };
  }, [places, tilesUrl, tilesCredit]);

  return (
    <>
      <section
        ref={container}
        aria-label="Mapa das leituras e acessos do destinatário"
        aria-describedby={descriptionId}
        data-testid="tracking-map"
        style={{ height: 360, borderRadius: 8, marginBottom: 12, background: tilesUrl ? undefined : '#d0e3f5', zIndex: 0 }}
      ></section>
      <VisuallyHidden id={descriptionId}>
        {places.length === 0
          ? 'Nenhum evento localizado.'
          : places
              .map(
                (p) =>
                  `${p.place || 'Local não identificado'}${p.hasLatestRead ? ' (leitura mais recente)' : ''}: ${p.events.map(describe).join('; ')}.`,
              )
              .join(' ')}
      </VisuallyHidden>
    </>
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
