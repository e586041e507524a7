import { type ProofFile, type ProofStatus, type ProofStep, type SendingProof, SIMULATED_NOTICE } from '@ar/core';
import { fileSize } from './format.ts';
import { oficioSection } from './oficio.pdf.ts';
import {
  COLORS,
  contentWidth,
  drawQrCode,
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
  title,
} from './pdf-layout.ts';

export interface ProofIssuer {
  /** The signed-in user who generated the proof (as the session says). */
  nome: string;
  login: string;
}

const QR_SIZE = 104;

/** The running header of a proof's pages. */
export const sendingProofHeader = (p: SendingProof) => `AR-Email · Comprovante de Envio · Protocolo ${p.ema_uni_codigo}`;

/** Who made it, in the footer of every page (a line of its own pushed full proofs to a second page). */
export const sendingProofFooter = (p: SendingProof, issuer: ProofIssuer) =>
  `AR Online · Comprovante de Envio · Protocolo ${p.ema_uni_codigo} · Gerado em ${p.geradoEmBrasilia} (horário de Brasília) por ${issuer.nome} (${issuer.login})`;

/** The sending proof of one message as a PDF (spec 001 §2.10): what, to whom, each status, hashes and a QR code to the public page. */
export async function renderSendingProof(p: SendingProof, issuer: ProofIssuer): Promise<Buffer> {
  const doc = newPdf({
    title: `Comprovante de Envio — protocolo ${p.ema_uni_codigo}`,
    subject: `AR-Email ${p.ema_uni_id}`,
    header: sendingProofHeader(p),
    createdAt: new Date(p.geradoEm),
  });
  await drawSendingProof(doc, p);
  return finish(doc, sendingProofFooter(p, issuer));
}

/** The proof's content from the current point of `doc` (its own pages: the caller starts it on a new page). */
export async function drawSendingProof(doc: Pdf, p: SendingProof): Promise<void> {
  title(doc, 'Comprovante de Envio', 'AR-Email — mensagem eletrônica registrada');
  if (p.simulado) panel(doc, SIMULATED_NOTICE, COLORS.alert);
  panel(doc, p.texto, p.ultimoStatus?.type === 'erro' ? COLORS.alert : COLORS.brand);

  // The QR code sits beside the protocol, on the first page: printed last, it went alone to a
  // second page whenever the statuses and attachments filled the first (2026-11-25).
  section(doc, 'Protocolo');
  const qrTop = doc.y;
  const beside = { width: contentWidth(doc) - QR_SIZE - 12 };
  field(doc, 'Protocolo nº', String(p.ema_uni_codigo), { bold: true, ...beside });
  field(doc, 'Identificador', p.ema_uni_id, { mono: true, ...beside });
  field(doc, 'Criada em', `${p.criadoEmBrasilia} (horário de Brasília)`, beside);
  field(doc, 'Status atual', p.ultimoStatus?.label ?? 'Aguardando processamento', beside);
  field(doc, 'Página pública', 'Aponte a câmera para o código QR ao lado, ou acesse o endereço impresso no fim do comprovante.', beside);
  qrCode(doc, p.urlPublica, qrTop);

  // Sender and recipient in one section, a name and its address on one row: with the QR code
  // beside the protocol, what keeps a message with every status and a few attachments on one page.
  section(doc, 'Remetente e destinatário');
  field(doc, 'Remetente', `${p.remetente.nome} <${p.remetente.email}>`);
  field(doc, 'Conta', `${p.remetente.usuario} (${p.remetente.conta})`);
  if (p.remetente.entidade) field(doc, 'Entidade', p.remetente.entidade);
  field(doc, 'Destinatário', p.destinatario.email ? `${p.destinatario.nome} <${p.destinatario.email}>` : p.destinatario.nome);

  section(doc, 'Mensagem');
  field(doc, 'Assunto', p.assunto);
  field(doc, 'Identificação', p.identificacao || '—');

  if (p.oficio) oficioSection(doc, p.oficio, 'Ofício');

  section(doc, 'Status do e-mail (horário de Brasília)');
  if (p.status.length === 0) paragraph(doc, 'Nenhum status registrado ainda.', { color: COLORS.muted });
  for (const s of p.status) {
    field(doc, s.label, [s.dataHoraBrasilia, s.detalhe].filter(Boolean).join('\n'), {
      color: s.type === 'erro' ? COLORS.alert : undefined,
    });
  }

  // The SMS, the WhatsApp and the call, when the message went by them: number, text, each status
  // and step, the recording's hash.
  for (const c of p.canais) {
    section(doc, `${c.nome} (horário de Brasília)`);
    field(doc, 'Número', c.numero);
    field(doc, 'Mensagem enviada', c.mensagem);
    field(doc, 'Status atual', c.ultimoStatus?.label ?? 'Aguardando processamento');
    channelEvents(doc, c.status, c.canal === 'voz' ? c.etapas : []);
    for (const f of c.arquivos) fileRows(doc, f);
  }

  // The registered letter: the address it went to, its S10 code, each status and step, the PDF's and the AR's hashes.
  if (p.carta) {
    const c = p.carta;
    section(doc, `${c.nome} — carta registrada (horário de Brasília)`);
    field(doc, 'Endereço', c.endereco.join('\n'));
    field(doc, 'Rastreio (S10)', c.rastreio ?? 'ainda não postada', { mono: !!c.rastreio });
    field(doc, 'Status atual', c.ultimoStatus?.label ?? 'Aguardando processamento');
    channelEvents(doc, c.status, c.etapas);
    for (const f of c.arquivos) fileRows(doc, f);
  }

  section(doc, 'Anexos');
  if (p.anexos.length === 0) paragraph(doc, 'A mensagem não tem anexos.', { color: COLORS.muted });
  for (const a of p.anexos) field(doc, `${a.originalFilename} (${fileSize(a.size)})`, `SHA-256 ${a.sha256}`, { mono: true });

  section(doc, 'Integridade');
  field(doc, 'Hash do conteúdo', p.hashConteudo, { mono: true });
  field(doc, 'Último hash da cadeia', p.ultimoHash, { mono: true });
  field(
    doc,
    'Cadeia de evidências',
    p.cadeiaIntegra
      ? 'Íntegra: cada evento confere com o seu hash e com o anterior.'
      : 'ROMPIDA: os dados gravados não conferem com os hashes. Consulte o laudo pericial.',
    { color: p.cadeiaIntegra ? undefined : COLORS.alert },
  );
  // The public page's address on one line, the whole width, for whoever cannot scan the code.
  doc.moveDown(0.3);
  doc
    .font(FONT.bold)
    .fontSize(9)
    .fillColor(COLORS.muted)
    .text('Página pública: ', doc.page.margins.left, doc.y, { continued: true })
    .font(FONT.mono)
    .fontSize(8.2)
    .fillColor(COLORS.text)
    .text(printable(p.urlPublica), { link: p.urlPublica });
  doc.moveDown(0.5);
}

/** A channel's statuses and steps in time order, each with its date and what the evidence says. */
function channelEvents(doc: Pdf, status: (Omit<ProofStatus, 'type'> & { type: string })[], steps: ProofStep[]) {
  const rows = [...status.map((s) => ({ ...s, erro: s.type === 'erro' })), ...steps.map((s) => ({ ...s, erro: false }))];
  rows.sort((a, b) => a.dateTime.localeCompare(b.dateTime));
  for (const r of rows) {
    field(doc, r.label, [r.dataHoraBrasilia, r.detalhe].filter(Boolean).join('\n'), { color: r.erro ? COLORS.alert : undefined });
  }
}

/** A file the channel chained (recording, letter, AR): its SHA-256 as an attachment's, and when its hash was recorded and stamped. */
function fileRows(doc: Pdf, f: ProofFile) {
  // The hash and when it was recorded on one page.
  ensureSpace(doc, 48);
  field(doc, f.nome, `SHA-256 ${f.sha256}`, { mono: true });
  const stamp = f.carimbo
    ? `carimbo do tempo de ${f.carimbo.dataHoraBrasilia}${f.carimbo.tsa ? ` (${f.carimbo.tsa})` : ''}`
    : 'carimbo do tempo pendente';
  field(doc, '', [f.detalhe, `hash registrado em ${f.registradoEmBrasilia}; ${stamp}`].filter(Boolean).join(' · '), {
    color: COLORS.muted,
  });
}

/** The QR code of the public page at the right of the rows that began at `top`; the text goes on below both. */
function qrCode(doc: Pdf, url: string, top: number): void {
  drawQrCode(doc, url, doc.page.margins.left + contentWidth(doc) - QR_SIZE, top - 4, QR_SIZE);
  doc.y = Math.max(doc.y, top - 4 + QR_SIZE + 2);
  doc.x = doc.page.margins.left;
}
