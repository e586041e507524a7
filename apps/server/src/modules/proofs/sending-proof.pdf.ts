import type { SendingProof } from '@ar/core';
import QRCode from 'qrcode';
import { fileSize } from './format.ts';
import { oficioSection } from './oficio.pdf.ts';
import { COLORS, contentWidth, ensureSpace, field, finish, newPdf, panel, paragraph, printable, section, title } from './pdf-layout.ts';

export interface ProofIssuer {
  /** The signed-in user who generated the proof (as the session says). */
  nome: string;
  login: string;
}

const QR_SIZE = 104;

/** The sending proof of one message as a PDF (spec 001 §2.10): what, to whom, each status, hashes and a QR code to the public page. */
export async function renderSendingProof(p: SendingProof, issuer: ProofIssuer): Promise<Buffer> {
  const doc = newPdf({
    title: `Comprovante de Envio — protocolo ${p.ema_uni_codigo}`,
    subject: `AR-Email ${p.ema_uni_id}`,
    header: `AR-Email · Comprovante de Envio · Protocolo ${p.ema_uni_codigo}`,
    createdAt: new Date(p.geradoEm),
  });
  title(doc, 'Comprovante de Envio', 'AR-Email — mensagem eletrônica registrada');
  panel(doc, p.texto, p.ultimoStatus?.type === 'erro' ? COLORS.alert : COLORS.brand);

  section(doc, 'Protocolo');
  field(doc, 'Protocolo nº', String(p.ema_uni_codigo), { bold: true });
  field(doc, 'Identificador', p.ema_uni_id, { mono: true });
  field(doc, 'Criada em', `${p.criadoEmBrasilia} (horário de Brasília)`);
  field(doc, 'Status atual', p.ultimoStatus?.label ?? 'Aguardando processamento');

  section(doc, 'Remetente');
  field(doc, 'Nome', p.remetente.nome);
  field(doc, 'E-mail', p.remetente.email);
  field(doc, 'Conta', `${p.remetente.usuario} (${p.remetente.conta})`);
  if (p.remetente.entidade) field(doc, 'Entidade', p.remetente.entidade);

  section(doc, 'Destinatário');
  field(doc, 'Nome', p.destinatario.nome);
  field(doc, 'E-mail', p.destinatario.email);

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
  await qrBlock(
    doc,
    p.urlPublica,
    `Comprovante gerado em ${p.geradoEmBrasilia} (horário de Brasília) por ${issuer.nome} (${issuer.login}).`,
  );

  return finish(
    doc,
    `AR Online · Comprovante de Envio · Protocolo ${p.ema_uni_codigo} · Gerado em ${p.geradoEmBrasilia} (horário de Brasília)`,
  );
}

/** The QR code of the public page, with its address printed beside it for whoever cannot scan. */
async function qrBlock(doc: PDFKit.PDFDocument, url: string, issued: string): Promise<void> {
  const png = await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 8 });
  ensureSpace(doc, QR_SIZE + 36);
  doc.moveDown(0.6);
  const x = doc.page.margins.left;
  const y = doc.y;
  doc.image(png, x, y, { width: QR_SIZE, height: QR_SIZE });
  const textX = x + QR_SIZE + 16;
  const width = contentWidth(doc) - QR_SIZE - 16;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(COLORS.brand)
    .text('Página pública da mensagem', textX, y + 6, { width });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(COLORS.text)
    .text(
      'Aponte a câmera para o código QR, ou acesse o endereço impresso abaixo dele, para consultar a mensagem, os seus status e os certificados de cada evento.',
      textX,
      doc.y + 4,
      {
        width,
      },
    );
  doc
    .fontSize(8.5)
    .fillColor(COLORS.muted)
    .text(
      'Cada evento desta mensagem é registrado em uma cadeia de hashes SHA-256 e recebe um carimbo do tempo (RFC 3161). ' +
        'O laudo pericial da mensagem lista todos os eventos, os carimbos e como verificá-los de forma independente.',
      textX,
      doc.y + 6,
      { width },
    );
  doc.fillColor(COLORS.text).text(printable(issued), textX, doc.y + 6, { width });
  doc.y = Math.max(doc.y, y + QR_SIZE) + 2;
  doc
    .font('Courier')
    .fontSize(8.2)
    .fillColor(COLORS.text)
    .text(printable(url), x, doc.y, { width: contentWidth(doc), link: url });
  doc.moveDown(0.3);
  doc.x = x;
}
