import type { OficioEvidence } from '@ar/core';
import { COLORS, field, section } from './pdf-layout.ts';

/**
 * A legal notice's fields in a section of their own (sending proof and expert report), with the
 * SHA-256 of the fields and whether it matches the hash chained in the message's first event.
 */
export function oficioSection(doc: PDFKit.PDFDocument, oficio: OficioEvidence, heading: string): void {
  section(doc, heading);
  for (const row of oficio.campos) field(doc, row.label, row.value);
  field(doc, 'SHA-256 dos campos', oficio.sha256, { mono: true });
  field(
    doc,
    'Conferência',
    oficio.confere
      ? 'Confere: os campos gravados são os registrados no primeiro evento da cadeia.'
      : 'NÃO confere: os campos gravados diferem dos registrados no envio.',
    { color: oficio.confere ? undefined : COLORS.alert },
  );
}
