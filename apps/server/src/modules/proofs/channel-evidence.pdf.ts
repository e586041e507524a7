import type { ProofFile } from '@ar/core';
import { letterFiles, stepName, voiceFiles } from './channel-evidence.ts';
import type { ExpertReportData } from './expert-report.service.ts';
import { brasilia, EVENT_LABELS, utc } from './format.ts';
import { field, type Pdf, paragraph, section, subheading } from './pdf-layout.ts';

type ReportEvent = ExpertReportData['events'][number];

/** What a call's and a letter's events mean, in the report's words (the e-mail's labels speak of mail servers). */
const CHANNEL_EVENT_LABELS: Record<string, Record<string, string>> = {
  voz: {
    processed: 'Chamada registrada e colocada na fila',
    send: 'Chamada atendida',
    delivered: 'Chamada concluída',
    acknowledged: 'Recebimento confirmado pela tecla 1',
    answered: 'Outra tecla pressionada pelo destinatário',
    download: 'Gravação baixada na página pública',
    erro: 'Falha na chamada',
  },
  carta: {
    processed: 'Carta registrada e colocada na fila',
    send: 'Carta postada',
    delivered: 'Carta entregue',
    erro: 'Carta não enviada ou devolvida',
  },
};

/** An event's heading in the report: a step by its name, a call's or a letter's event in its channel's words. */
export function reportEventLabel(e: ReportEvent): string {
  if (e.evt_canal === 'carta' && e.evt_tipo === 'download') {
    const ar = (e.evt_detalhes as { arquivo?: unknown } | null)?.arquivo === 'ar';
    return ar ? 'AR digital baixado na página pública' : 'Carta baixada na página pública';
  }
  const step = e.evt_canal === 'voz' || e.evt_canal === 'carta' ? stepName(e) : null;
  return step ?? CHANNEL_EVENT_LABELS[e.evt_canal]?.[e.evt_tipo] ?? EVENT_LABELS[e.evt_tipo] ?? e.evt_tipo;
}

/** The files an event chained by SHA-256 (a recording, the letter's PDF, the digital AR), printed in its block. */
export function eventFileFields(doc: Pdf, e: ReportEvent): void {
  const files = e.evt_canal === 'voz' ? voiceFiles([e]) : e.evt_canal === 'carta' ? letterFiles([e]) : [];
  for (const f of files) field(doc, `${f.nome}: SHA-256`, f.sha256, { mono: true, bold: true });
}

const fileLine = (f: ProofFile, seq: number | undefined) =>
  [
    f.detalhe,
    `hash registrado no evento ${seq ?? '?'} em ${f.registradoEmBrasilia} (Brasília) · ${f.registradoEm} (UTC)`,
    f.carimbo
      ? `carimbo do tempo de ${f.carimbo.dataHoraBrasilia} (Brasília) · ${f.carimbo.dataHora} (UTC)${f.carimbo.tsa ? `, ${f.carimbo.tsa}` : ''}`
      : 'carimbo do tempo pendente',
  ]
    .filter(Boolean)
    .join('\n');

/**
 * The call's and the letter's evidence in one place (docs/proofs.md): each of their events with its
 * hash, and the files they chained — the recording, the letter's PDF, the digital AR — with the event
 * whose hash (and stamp) covers each file's SHA-256. Nothing when the message went by neither.
 */
export function channelEvidenceSection(doc: Pdf, r: ExpertReportData, heading: string): void {
  const has = (canal: string) => r.events.some((e) => e.evt_canal === canal);
  if (!has('voz') && !has('carta')) return;
  section(doc, heading);
  paragraph(
    doc,
    'Os arquivos produzidos por estes canais não ficam no conteúdo da mensagem: o SHA-256 de cada um está nos detalhes do evento ' +
      'que o registrou, e portanto no hash desse evento e no seu carimbo do tempo. Para conferir um arquivo, calcule ' +
      '"openssl dgst -sha256 <arquivo>" e compare com o valor abaixo; o evento indicado está na seção 3 com o seu carimbo.',
    { size: 8.5 },
  );
  const seqOf = (hash: string) => r.events.find((e) => e.evt_hash === hash)?.evt_seq;
  for (const canal of ['voz', 'carta'] as const) {
    if (!has(canal)) continue;
    const msg = r.msg;
    subheading(doc, canal === 'voz' ? 'AR-Voz — chamada gravada' : 'AR-Carta — carta registrada');
    if (canal === 'voz' && msg.ema_uni_voz) field(doc, 'Número chamado', msg.ema_uni_voz.numberTo, { mono: true });
    if (canal === 'carta') {
      const code = r.events
        .filter((e) => e.evt_canal === 'carta')
        .map((e) => (e.evt_detalhes as { rastreio?: unknown } | null)?.rastreio)
        .find((c): c is string => typeof c === 'string' && !!c);
      field(doc, 'Rastreio (S10)', code ?? 'ainda não postada', { mono: !!code });
    }
    for (const e of r.events) {
      if (e.evt_canal !== canal) continue;
      field(
        doc,
        `Evento ${e.evt_seq}`,
        `${reportEventLabel(e)} — ${brasilia(e.evt_data)} (Brasília) · ${utc(e.evt_data)} (UTC)\n${e.evt_hash}`,
      );
    }
    const files = canal === 'voz' ? voiceFiles(r.events) : letterFiles(r.events);
    if (files.length === 0) field(doc, 'Arquivos', canal === 'voz' ? 'nenhuma gravação registrada' : 'nenhum arquivo registrado');
    for (const f of files) {
      field(doc, `${f.nome}: SHA-256`, f.sha256, { mono: true, bold: true });
      field(doc, `${f.nome}: registro`, fileLine(f, seqOf(f.hashEvento)));
    }
  }
}
