import { isSimulatedEvent, SIMULATED_EVIDENCE, SIMULATED_NOTICE } from '@ar/core';
import { presentOficio } from '../emails/oficio.presenter.ts';
import { canonicalJson } from '../evidence/canonical.ts';
import { trackingOf } from '../evidence/tracking.ts';
import { cascadeSection } from './cascade.pdf.ts';
import { channelEvidenceSection, eventFileFields, reportEventLabel } from './channel-evidence.pdf.ts';
import type { ExpertReportData } from './expert-report.service.ts';
import { brasilia, CHANNEL_LABELS, CLASS_LABELS, DBIP_ATTRIBUTION, fileSize, utc } from './format.ts';
import { oficioSection } from './oficio.pdf.ts';
import {
  COLORS,
  contentWidth,
  ensureSpace,
  FONT,
  field,
  finish,
  newPdf,
  type Pdf,
  panel,
  paragraph,
  printable,
  section,
  subheading,
  title,
} from './pdf-layout.ts';
import { channelStatusSection } from './status-summary.pdf.ts';
import { trackingMapSection } from './tracking-map.pdf.ts';

type ReportEvent = ExpertReportData['events'][number];

/** Files the expert extracts from the PDF (and their printed copies in the annexes). */
export const tokenFileName = (e: { evt_seq: number }) => `evt-${e.evt_seq}.tsr`;
export const serialisationFileName = (e: { evt_seq: number }) => `evt-${e.evt_seq}.json`;
export const TSA_PEM_FILE = 'tsa.pem';

export const opensslVerifyCommand = (hash: string, seq: number) =>
  `openssl ts -verify -digest ${hash} -sha256 -in evt-${seq}.tsr -token_in -CAfile tsa.pem -untrusted tsa.pem`;

/** Fixed-width lines, cut anywhere: joined back without adding anything, they give the original bytes. */
const chunks = (s: string, width: number) => s.match(new RegExp(`.{1,${width}}`, 'gsu')) ?? [''];

/**
 * The expert report (laudo pericial) of one message as a PDF: the content hash, every event with
 * its time in Brasília and UTC, IP, user agent, place, classification, details and hashes, each
 * time stamp, the chain's verdict, and how to check all of it without this product. The tokens,
 * each event's serialisation and the built-in TSA's certificate are embedded as PDF attachments
 * and printed in the annexes.
 */
export async function renderExpertReport(r: ExpertReportData): Promise<Buffer> {
  const { msg, evidence } = r;
  const generated = brasilia(r.generatedAt);
  const doc = newPdf({
    title: `Laudo Pericial — protocolo ${msg.ema_uni_codigo}`,
    subject: `Evidências do AR-Email ${msg.ema_uni_id}`,
    header: `AR-Email · Laudo Pericial de Evidências · Protocolo ${msg.ema_uni_codigo}`,
    createdAt: r.generatedAt,
  });
  title(doc, 'Laudo Pericial de Evidências', `Mensagem eletrônica registrada (AR-Email) — protocolo ${msg.ema_uni_codigo}`);
  paragraph(
    doc,
    `Este laudo reúne todos os eventos registrados da mensagem abaixo, na ordem em que ocorreram, com o hash de cada um, ` +
      `a cadeia que os liga e os carimbos do tempo (RFC 3161) que os datam, e descreve como verificar cada item de forma ` +
      `independente, sem depender deste sistema. Gerado em ${generated} (horário de Brasília) por ${r.issuer.nome} (${r.issuer.login}).`,
  );

  if (r.events.some((e) => isSimulatedEvent(e.evt_detalhes))) panel(doc, SIMULATED_NOTICE, COLORS.alert);
  const stamped = evidence.stamps.filter((s) => s.isStamped);
  const invalid = stamped.filter((s) => !s.isStampValid);
  const verdict = evidence.isIntact
    ? `Cadeia ÍNTEGRA: os ${evidence.events} eventos recalculam, a partir do que está gravado, exatamente os hashes registrados.`
    : `Cadeia ROMPIDA no evento ${evidence.firstBroken?.evt_seq}: ${evidence.firstBroken?.reason}.`;
  panel(doc, verdict, evidence.isIntact ? COLORS.brand : COLORS.alert);
  panel(
    doc,
    `Carimbos do tempo: ${stamped.length} de ${evidence.events} eventos carimbados` +
      (stamped.length === 0 ? '.' : invalid.length === 0 ? ', todos válidos.' : `; ${invalid.length} inválido(s) (veja cada evento).`) +
      (stamped.length < evidence.events ? ' Os demais estão pendentes: o carimbo é pedido logo após cada evento.' : ''),
    invalid.length === 0 ? COLORS.brand : COLORS.alert,
  );

  section(doc, '1. Mensagem');
  field(doc, 'Protocolo nº', String(msg.ema_uni_codigo), { bold: true });
  field(doc, 'Identificador (uuid)', msg.ema_uni_id, { mono: true });
  field(doc, 'Remetente', `${msg.ema_uni_name_from} <${msg.ema_uni_from}>`);
  field(doc, 'Conta', `${msg.usu_nome} (${msg.usu_login})${msg.ent_nome_fantasia ? ` — ${msg.ent_nome_fantasia}` : ''}`);
  field(doc, 'Destinatário', `${msg.ema_uni_name_to}${msg.ema_uni_to ? ` <${msg.ema_uni_to}>` : ''}`);
  field(doc, 'Assunto', msg.ema_uni_subject);
  field(doc, 'Identificação', msg.ema_uni_identificacao || '—');
  field(doc, 'Criada em', `${brasilia(msg.ema_uni_data_criacao)} (Brasília) · ${utc(msg.ema_uni_data_criacao)} (UTC)`);
  field(doc, 'Página pública', r.publicUrl, { mono: true });
  const attachments = msg.ema_uni_attachments.attachments;
  if (attachments.length === 0) field(doc, 'Anexos', 'nenhum');
  for (const [i, a] of attachments.entries()) {
    field(doc, `Anexo ${i + 1}`, `${a.originalFilename} (${a.mime}, ${fileSize(a.size)}, ${a.size} bytes)`);
    field(doc, `Anexo ${i + 1}: SHA-256`, a.sha256, { mono: true });
  }

  const oficio = presentOficio(msg.ema_uni_oficio, r.events);
  if (oficio) oficioSection(doc, oficio, '1A. Ofício (campos do formulário)');
  channelEvidenceSection(doc, r, '1B. AR-Voz e AR-Carta: eventos e arquivos');
  if (r.cascade) cascadeSection(doc, r.cascade, '1C. Régua de notificação');
  channelStatusSection(doc, r.events, '1D. Situação de cada canal');

  section(doc, '2. Integridade do conteúdo');
  field(doc, 'Hash do conteúdo', evidence.storedMessageHash ?? 'ainda não fixado (nenhum evento)', { mono: true });
  field(doc, 'Recalculado agora', evidence.messageHash, { mono: true });
  field(
    doc,
    'Resultado',
    evidence.storedMessageHash === evidence.messageHash
      ? 'Confere: o conteúdo gravado é o que foi registrado no primeiro evento.'
      : 'NÃO confere: o conteúdo gravado difere do registrado.',
    { color: evidence.storedMessageHash === evidence.messageHash ? undefined : COLORS.alert },
  );
  field(doc, 'Serialização', 'versão 1 (AR-MSG-1, AR-GENESIS-1, AR-EVT-1), descrita na seção 4');

  // The map the tracking panel shows, drawn from the same outlines (docs/maps.md).
  trackingMapSection(doc, trackingOf(r.events), '2A. Mapa dos acessos localizados');

  section(doc, `3. Eventos (${r.events.length})`);
  paragraph(
    doc,
    `Horários em Brasília (UTC-3) e em UTC; o horário UTC, com milissegundos, é exatamente o valor coberto pelo hash. ` +
      `Localização do IP: ${DBIP_ATTRIBUTION}.`,
    { size: 8.5, color: COLORS.muted },
  );
  for (const e of r.events) eventBlock(doc, e);

  section(doc, '4. Como verificar de forma independente');
  method(doc, r);

  annexes(doc, r);

  // The files the steps above refer to, inside the PDF: any PDF reader lists and saves them.
  doc.file(Buffer.from(r.builtinTsaPem), {
    name: TSA_PEM_FILE,
    type: 'application/x-pem-file',
    description: 'Certificado da TSA embutida desta instalação',
  });
  for (const e of r.events) {
    doc.file(Buffer.from(e.serialisation, 'utf8'), {
      name: serialisationFileName(e),
      type: 'application/json',
      description: `Serialização canônica do evento ${e.evt_seq} (os bytes do hash)`,
    });
    if (e.car_token) {
      doc.file(Buffer.from(e.car_token), {
        name: tokenFileName(e),
        type: 'application/timestamp-reply',
        description: `Carimbo do tempo do evento ${e.evt_seq} (DER)`,
      });
    }
  }
  return finish(
    doc,
    `AR Online · Laudo Pericial · Protocolo ${msg.ema_uni_codigo} · Gerado em ${generated} (horário de Brasília) · ${DBIP_ATTRIBUTION}`,
  );
}

function detailsOf(e: ReportEvent) {
  return (e.evt_detalhes ?? {}) as Record<string, unknown> & {
    smtpResponse?: string;
    reasonFailure?: string;
    classificacao?: string;
    motivo?: string;
    status?: string;
    diagnosticCode?: string;
    remoteMta?: string;
    xForwardedFor?: string;
    ipConexao?: string;
  };
}

function eventBlock(doc: Pdf, e: ReportEvent): void {
  const d = detailsOf(e);
  // An event's block is kept on one page (about 16 rows).
  subheading(doc, `Evento ${e.evt_seq} — ${reportEventLabel(e)}`, 235);
  field(doc, 'Canal · tipo', `${CHANNEL_LABELS[e.evt_canal] ?? e.evt_canal} · ${e.evt_tipo}`);
  if (isSimulatedEvent(e.evt_detalhes))
    field(doc, 'Origem', `Simulador do modo de demonstração: ${SIMULATED_EVIDENCE}`, { color: COLORS.alert });
  field(doc, 'Data e hora (Brasília)', brasilia(e.evt_data));
  field(doc, 'Data e hora (UTC)', utc(e.evt_data), { mono: true });
  field(doc, 'IP', e.evt_ip);
  // A trusted proxy gave the address (TRUST_PROXY): what it sent, and the connection it came on.
  if (d.xForwardedFor) field(doc, 'X-Forwarded-For recebido', `${d.xForwardedFor} (conexão de ${d.ipConexao ?? '?'})`, { mono: true });
  field(doc, 'User agent', e.evt_user_agent);
  const place = [e.evt_cidade, e.evt_estado, e.evt_pais].filter(Boolean).join(' / ');
  const position = e.evt_lat !== null && e.evt_lng !== null ? ` (lat ${Number(e.evt_lat)}, lng ${Number(e.evt_lng)})` : '';
  field(doc, 'Localização do IP', place || position ? `${place}${position} — ${DBIP_ATTRIBUTION}` : null);
  if (d.classificacao) {
    field(doc, 'Classificação', `${CLASS_LABELS[d.classificacao] ?? d.classificacao}${d.motivo ? ` — ${d.motivo}` : ''}`);
  }
  if (d.smtpResponse) field(doc, 'Resposta SMTP', d.smtpResponse, { mono: true });
  if (e.evt_tipo === 'delivered' || d.diagnosticCode) {
    field(
      doc,
      'Relatório de entrega',
      [d.status && `status ${d.status}`, d.diagnosticCode, d.remoteMta && `servidor ${d.remoteMta}`].filter(Boolean).join(' — '),
    );
  }
  if (d.reasonFailure) field(doc, 'Motivo da falha', d.reasonFailure, { color: COLORS.alert });
  eventFileFields(doc, e);
  field(doc, 'Detalhes (JSON)', Object.keys(d).length > 0 ? canonicalJson(d) : '{}', { mono: true });
  field(doc, 'Hash anterior', e.evt_hash_anterior, { mono: true });
  field(doc, 'Hash do evento', e.evt_hash, { mono: true, bold: true });
  if (e.car_token && e.car_gen_time) {
    field(doc, 'Carimbo: serial', e.car_serial, { mono: true });
    field(doc, 'Carimbo: data e hora', `${brasilia(e.car_gen_time)} (Brasília) · ${utc(e.car_gen_time)} (UTC)`);
    field(doc, 'Carimbo: TSA', e.car_tsa_url ? `${e.car_tsa ?? ''} — ${e.car_tsa_url}` : e.car_tsa);
    const s = e.stamp;
    field(
      doc,
      'Carimbo: verificação',
      s?.isStampValid ? 'válido: assinatura, cadeia de certificados e hash conferem' : `INVÁLIDO: ${(s?.problems ?? []).join('; ')}`,
      { color: s?.isStampValid ? undefined : COLORS.alert },
    );
    field(doc, 'Verificar com', opensslVerifyCommand(e.evt_hash, e.evt_seq), { command: true });
  } else {
    field(doc, 'Carimbo do tempo', 'pendente: ainda não emitido pela TSA (é pedido logo após o evento, com novas tentativas).', {
      color: COLORS.muted,
    });
  }
  doc.moveDown(0.3);
}

function method(doc: Pdf, r: ExpertReportData): void {
  const usesBuiltin = r.events.some((e) => e.car_token && !e.car_tsa_url);
  subheading(doc, '4.1 Recalcular os hashes');
  paragraph(
    doc,
    'Cada hash é o SHA-256 (hexadecimal, minúsculas) dos bytes UTF-8 de um array JSON (JSON.stringify, sem espaços) ' +
      'com ordem fixa de campos, cujo primeiro elemento é a etiqueta de versão. Objetos internos (detalhes, SMS, WhatsApp) ' +
      'têm as chaves em ordem alfabética em todos os níveis; arrays mantêm a ordem; valores ausentes são null; detalhes vazios são {}. ' +
      'Textos são hasheados como o banco de dados os guarda (um caractere NUL ou um substituto UTF-16 isolado vira U+FFFD).',
  );
  paragraph(
    doc,
    'Mensagem: ["AR-MSG-1", uuid, de, para, assunto, sha256(conteúdo HTML), sms, whatsapp, [[nome do anexo, mime, tamanho, sha256], ...]]',
    {
      mono: true,
      size: 7.8,
    },
  );
  paragraph(
    doc,
    "De e para são os endereços puros, como armazenados (sem o nome de exibição nem a forma 'Nome <endereço>'); para é null numa mensagem sem e-mail.",
  );
  paragraph(doc, 'Início da cadeia: sha256("AR-GENESIS-1\\n" + uuid + "\\n" + hash da mensagem)', { mono: true, size: 7.8 });
  paragraph(
    doc,
    'Evento: ["AR-EVT-1", uuid da mensagem, seq, canal, tipo, data e hora UTC ISO 8601 com milissegundos, ip, user agent, cidade, estado, país, lat, lng, detalhes, hash anterior]',
    { mono: true, size: 7.8 },
  );
  paragraph(
    doc,
    'O hash anterior do primeiro evento é o início da cadeia; o de cada evento seguinte é o hash do evento anterior. ' +
      'A serialização exata de cada evento está no Anexo A e no arquivo evt-N.json anexado a este PDF; o seu SHA-256 é o hash do evento:',
  );
  paragraph(doc, 'openssl dgst -sha256 evt-1.json', { mono: true, size: 8.2 });

  subheading(doc, '4.2 Verificar os carimbos do tempo');
  paragraph(
    doc,
    'Cada carimbo é um token RFC 3161 (DER) cujo messageImprint é o hash do evento (SHA-256). Os tokens estão anexados a este PDF ' +
      '(evt-N.tsr) e impressos em base64 no Anexo B; para recriar o arquivo a partir da cópia impressa, salve as linhas do evento em evt-N.b64 e:',
  );
  paragraph(doc, 'openssl base64 -d -in evt-1.b64 -out evt-1.tsr', { mono: true, size: 8.2 });
  paragraph(
    doc,
    `Certificado da TSA embutida desta instalação: ${r.tsaCertificateUrl} (também anexado a este PDF como tsa.pem). ` +
      'Para carimbos de uma ACT externa, use a cadeia de certificados dessa ACT (a raiz da ICP-Brasil). Então, para cada evento:',
  );
  paragraph(doc, 'openssl ts -verify -digest <hash do evento> -sha256 -in evt-N.tsr -token_in -CAfile tsa.pem -untrusted tsa.pem', {
    mono: true,
    size: 8.2,
  });
  paragraph(
    doc,
    'A resposta esperada é "Verification: OK". O comando "openssl ts -reply -in evt-N.tsr -token_in -text" mostra a data e hora ' +
      '(genTime), o serial, a TSA e o hash carimbado. A linha "Verificar com" de cada evento traz o comando já preenchido.',
  );
  if (usesBuiltin) {
    paragraph(
      doc,
      'Atenção: carimbos da TSA embutida desta instalação, não credenciada na ICP-Brasil. O openssl avisa que o certificado ' +
        '"não é de uma AC": é um certificado de carimbo do tempo autoassinado, usado como a sua própria âncora de confiança.',
      { color: COLORS.alert, size: 9 },
    );
  }
}

function annexes(doc: Pdf, r: ExpertReportData): void {
  doc.addPage();
  section(doc, 'Anexo A — Serialização canônica de cada evento');
  paragraph(
    doc,
    'Os bytes exatos sobre os quais cada hash foi calculado (UTF-8). A impressão quebra as linhas a cada 100 caracteres: ' +
      'junte-as sem acrescentar nada. Cópia exata: arquivo evt-N.json anexado a este PDF.',
    { size: 8.5, color: COLORS.muted },
  );
  for (const e of r.events) monoBlock(doc, `Evento ${e.evt_seq} — hash ${e.evt_hash}`, chunks(printable(e.serialisation), 100), 6.9);

  doc.addPage();
  section(doc, 'Anexo B — Carimbos do tempo em base64 (DER)');
  paragraph(doc, 'Um token por evento, em linhas de 64 caracteres. Cópia exata: arquivo evt-N.tsr anexado a este PDF.', {
    size: 8.5,
    color: COLORS.muted,
  });
  for (const e of r.events) {
    if (!e.car_token) {
      monoBlock(doc, `Evento ${e.evt_seq} — carimbo pendente`, [], 7.2);
      continue;
    }
    monoBlock(
      doc,
      `Evento ${e.evt_seq} — evt-${e.evt_seq}.tsr — serial ${e.car_serial}`,
      chunks(Buffer.from(e.car_token).toString('base64'), 64),
      7.2,
    );
  }
}

/** A heading and fixed-width lines printed one by one (never re-wrapped), kept together when short. */
function monoBlock(doc: Pdf, heading: string, lines: string[], size: number): void {
  const lineHeight = size * 1.18;
  ensureSpace(doc, 16 + Math.min(lines.length, 12) * lineHeight);
  doc
    .font(FONT.bold)
    .fontSize(8.5)
    .fillColor(COLORS.text)
    .text(printable(heading), doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.15);
  doc.font(FONT.mono).fontSize(size).fillColor(COLORS.text);
  for (const line of lines) {
    ensureSpace(doc, lineHeight);
    const y = doc.y;
    doc.text(line, doc.page.margins.left, y, { lineBreak: false });
    doc.y = y + lineHeight;
  }
  doc.moveDown(0.5);
}
