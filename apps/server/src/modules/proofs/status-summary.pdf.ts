import { CHANNEL_NAMES, type Channel, STATUS_LABELS } from '@ar/core';
import { channelStatuses, type Reached, type StatusEvent } from '../evidence/channel-status.ts';
import { brasilia } from './format.ts';
import { COLORS, field, type Pdf, paragraph, section, subheading } from './pdf-layout.ts';

/** What each key time is called per channel: a call is answered and completed, a letter posted. */
const TIME_LABELS: Record<Channel, { sent: string; delivered: string; read: string | null; acknowledged: string; answered: string }> = {
  email: { sent: 'Enviado em', delivered: 'Entregue em', read: 'Lido em', acknowledged: 'Confirmado em', answered: 'Respondido em' },
  sms: { sent: 'Enviado em', delivered: 'Entregue em', read: 'Lido em', acknowledged: 'Confirmado em', answered: 'Respondido em' },
  whatsapp: { sent: 'Enviado em', delivered: 'Entregue em', read: 'Lido em', acknowledged: 'Confirmado em', answered: 'Respondido em' },
  voz: { sent: 'Atendida em', delivered: 'Concluída em', read: null, acknowledged: 'Tecla 1 em', answered: 'Outra tecla em' },
  carta: { sent: 'Postada em', delivered: 'Entregue em', read: null, acknowledged: 'Confirmado em', answered: 'Respondido em' },
};

const at = (r: Reached<unknown> | null) => (r ? `${brasilia(r.at)} (Brasília)` : '—');

/**
 * Each channel's current status and key times (channel-status.ts): what the public page's summary,
 * the sender's detail and the sending proof show, derived from the same events the report lists.
 */
export function channelStatusSection(doc: Pdf, events: readonly StatusEvent[], heading: string): void {
  const states = channelStatuses(events);
  section(doc, heading);
  paragraph(
    doc,
    'A situação de cada canal e os seus horários, derivados dos eventos da seção 3 que contam como status (os de uma pessoa; ' +
      'uma confirmação ou uma resposta implicam a leitura, e uma leitura a entrega). A mesma derivação dá a página pública, ' +
      'o detalhe do remetente e o comprovante.',
    { size: 8.5, color: COLORS.muted },
  );
  for (const canal of Object.keys(CHANNEL_NAMES) as Channel[]) {
    const state = states[canal];
    if (!state) continue;
    const labels = TIME_LABELS[canal];
    subheading(doc, CHANNEL_NAMES[canal]);
    field(doc, 'Situação', state.current ? STATUS_LABELS[state.current.type].label : 'Aguardando processamento', { bold: true });
    field(doc, labels.sent, at(state.sent));
    field(doc, labels.delivered, at(state.delivered));
    if (labels.read) field(doc, labels.read, at(state.read));
    if (state.acknowledged) field(doc, labels.acknowledged, at(state.acknowledged));
    if (state.answered) field(doc, labels.answered, at(state.answered));
    if (state.failed) field(doc, 'Falha em', at(state.failed), { color: COLORS.alert });
  }
}
