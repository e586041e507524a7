import { type Oficio, type OficioEvidence, oficioRows } from '@ar/core';
import { canonicalJson, sha256Hex } from '../evidence/canonical.ts';

/** The SHA-256 of a notice's fields, as chained in its message's 'processed' event (docs/oficios.md). */
export const oficioSha256 = (o: Oficio) => sha256Hex(canonicalJson(o));

/**
 * A stored notice with its evidence (null for a message that is not one): the rows to show, and
 * whether the fields stored now hash to what the first event of the chain recorded when it was sent.
 */
export function presentOficio(
  stored: Oficio | null,
  events: readonly { evt_canal: string; evt_tipo: string; evt_detalhes: unknown }[],
): OficioEvidence | null {
  if (!stored) return null;
  const sha256 = oficioSha256(stored);
  const processed = events.find((e) => e.evt_canal === 'email' && e.evt_tipo === 'processed');
  const chained = (processed?.evt_detalhes as { oficioSha256?: string } | undefined)?.oficioSha256;
  return { campos: oficioRows(stored), sha256, confere: chained === sha256 };
}
