import { CHANNEL_NAMES, type ClickTracking, trackingActionText, trackingPlaces } from '@ar/core';
import { type Bounds, basemap, boundsOf, mercator, type OutlineCollection } from '@ar/core/basemap';
import { brasilia, DBIP_ATTRIBUTION } from './format.ts';
import { COLORS, contentWidth, ensureSpace, FONT, MARGIN, type Pdf, paragraph, section } from './pdf-layout.ts';

const MAP_HEIGHT = 250;
const OCEAN = '#d0e3f5';
const LAND = '#f8f9fa';
const BORDER = '#868e96';
const STATE = '#adb5bd';
const MARKER = '#1c7ed6';
const LATEST = '#c92a2a';

/**
 * The laudo's map of the located events (docs/maps.md): the same outlines the screen's map draws
 * (the basemap shipped in packages/core), as vector paths, with one marker per place (the latest
 * read's larger and red) and a numbered legend, so the PDF shows what the tracking panel shows.
 * Nothing when no event was located.
 */
export function trackingMapSection(doc: Pdf, items: ClickTracking[], heading: string): void {
  const places = trackingPlaces(items);
  if (places.length === 0) return;
  // The heading stays with its map: both go to the next page when the map does not fit here.
  ensureSpace(doc, MAP_HEIGHT + 90);
  section(doc, heading);
  const box = { x: MARGIN, y: doc.y, w: contentWidth(doc), h: MAP_HEIGHT };
  const project = projection(boundsOf(places.map((p) => p.position)), box);

  doc.save();
  doc.rect(box.x, box.y, box.w, box.h).clip();
  doc.rect(box.x, box.y, box.w, box.h).fill(OCEAN);
  drawOutlines(doc, basemap.paises, project, box, { fill: LAND, stroke: BORDER, width: 0.5 });
  drawOutlines(doc, basemap.estados, project, box, { stroke: STATE, width: 0.35 });
  for (const [i, place] of places.entries()) {
    const [x, y] = project(place.position.lng, place.position.lat);
    const r = place.hasLatestRead ? 7 : 5.5;
    doc.circle(x, y, r + 1.5).fill('#ffffff');
    doc.circle(x, y, r).fill(place.hasLatestRead ? LATEST : MARKER);
    doc
      .font(FONT.bold)
      .fontSize(7)
      .fillColor('#ffffff')
      .text(String(i + 1), x - r, y - 3.2, { width: r * 2, align: 'center', lineBreak: false });
  }
  doc.restore();
  doc.rect(box.x, box.y, box.w, box.h).lineWidth(0.5).strokeColor(COLORS.line).stroke();
  doc.y = box.y + box.h + 6;
  doc.x = MARGIN;

  for (const [i, place] of places.entries()) {
    const events = place.events
      .map((t) => `${trackingActionText({ ...t, url: null })} (${CHANNEL_NAMES[t.canal]}) em ${brasilia(t.date)}`)
      .join('; ');
    paragraph(
      doc,
      `${i + 1}. ${place.place || 'Local não identificado'} (lat ${place.position.lat}, lng ${place.position.lng})` +
        `${place.hasLatestRead ? ' — leitura mais recente' : ''}: ${events}.`,
      { size: 8.5, color: place.hasLatestRead ? LATEST : COLORS.text },
    );
  }
  paragraph(
    doc,
    `Posição aproximada do endereço IP (nível de cidade), horários de Brasília. Contornos: Natural Earth (domínio público). ` +
      `Localização do IP: ${DBIP_ATTRIBUTION}.`,
    { size: 7.5, color: COLORS.muted },
  );
  doc.fillColor(COLORS.text);
}

type Project = (lng: number, lat: number) => [number, number];

/** Web Mercator fitted into the box, keeping its proportions (the view centred, never stretched). */
function projection(bounds: Bounds, box: { x: number; y: number; w: number; h: number }): Project {
  const [w, s, e, n] = bounds;
  const [x0, y0] = mercator({ lng: w, lat: n });
  const [x1, y1] = mercator({ lng: e, lat: s });
  const scale = Math.min(box.w / (x1 - x0), box.h / (y1 - y0));
  const offX = box.x + (box.w - (x1 - x0) * scale) / 2;
  const offY = box.y + (box.h - (y1 - y0) * scale) / 2;
  return (lng, lat) => {
    const [x, y] = mercator({ lng, lat });
    return [offX + (x - x0) * scale, offY + (y - y0) * scale];
  };
}

/** Each outline whose extent meets the box, as one path (holes by the even-odd rule). */
function drawOutlines(
  doc: Pdf,
  outlines: OutlineCollection,
  project: Project,
  box: { x: number; y: number; w: number; h: number },
  style: { fill?: string; stroke: string; width: number },
): void {
  for (const feature of outlines.features) {
    for (const polygon of feature.geometry.coordinates) {
      const rings = polygon.map((ring) => ring.map(([lng, lat]) => project(lng, lat)));
      const outer = rings[0] ?? [];
      const xs = outer.map((p) => p[0]);
      const ys = outer.map((p) => p[1]);
      if (Math.max(...xs) < box.x || Math.min(...xs) > box.x + box.w || Math.max(...ys) < box.y || Math.min(...ys) > box.y + box.h)
        continue;
      for (const ring of rings) {
        const [first, ...rest] = ring;
        if (!first) continue;
        doc.moveTo(first[0], first[1]);
        for (const [x, y] of rest) doc.lineTo(x, y);
        doc.closePath();
      }
      doc.lineWidth(style.width).strokeColor(style.stroke);
      if (style.fill) doc.fillColor(style.fill).fillAndStroke(style.fill, style.stroke, 'even-odd');
      else doc.stroke();
    }
  }
}
