import { type CascadeView, CHANNEL_NAMES } from '@ar/core';
import { brasilia } from './format.ts';
import { COLORS, field, paragraph, section, subheading } from './pdf-layout.ts';

const STATE: Record<CascadeView['etapas'][number]['situacao'], string> = {
  aguardando: 'aguardando',
  enviada: 'enviada',
  pulada: 'não enviada',
};

/**
 * The channel cascade in the expert report (docs/cascade.md): the rule it applied (the CPC art.
 * 246 preset's text), and every step with its condition, its deadline in words (from when, until
 * when, the days a business-day wait left out), what became of it, when, and why. Each decision is
 * also an event of section 3 ('processed' of the channel sent, or 'régua de notificação encerrada').
 */
export function cascadeSection(doc: PDFKit.PDFDocument, c: CascadeView, heading: string): void {
  section(doc, heading);
  field(doc, 'Régua', c.nome, { bold: true });
  if (c.regra) field(doc, 'Regra', c.regra);
  field(doc, 'Situação', c.situacao === 'em_andamento' ? 'em andamento' : c.situacao === 'concluida' ? 'concluída' : 'encerrada');
  for (const e of c.etapas) {
    subheading(doc, `Etapa ${e.ordem} — ${CHANNEL_NAMES[e.canal]} (${e.condicao})`, 40);
    field(doc, 'Situação', STATE[e.situacao], { color: e.situacao === 'pulada' ? COLORS.muted : undefined });
    if (e.prazoTexto) field(doc, 'Prazo', e.prazoTexto);
    if (e.decididaEm) field(doc, 'Decidida em', `${brasilia(e.decididaEm)} (Brasília)`);
    if (e.motivo) field(doc, 'Motivo', e.motivo);
  }
  paragraph(
    doc,
    'Cada etapa é decidida pelas evidências registradas até a hora da decisão, e cada decisão consta da cadeia de eventos (seção 3).',
    { size: 8.5, color: COLORS.muted },
  );
}
