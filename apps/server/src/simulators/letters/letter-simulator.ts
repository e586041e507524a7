import { createHash, randomUUID } from 'node:crypto';
import { type LetterAddress, letterAddress, letterAddressLines, s10CheckDigit } from '@ar/core';
import { z } from 'zod';
import { letterSignature } from '../../modules/channels/letter/http-letter.ts';
import type { LetterTrackingStatus } from '../../modules/channels/letter/letter-provider.ts';

/**
 * The letter provider's simulator (docs/letters.md): it serves the contract of
 * docs/letter-provider.openapi.yaml (POST /letters, GET /letters/{id}) with the same checks a real
 * provider makes, gives each letter a valid S10 code, walks it through the tracking steps one
 * `step()` at a time, and posts each step's callback signed with the webhook secret, as a
 * provider does. A delivered letter's digital AR is a PDF made here (the receipt with the
 * recipient's name and a drawn signature). The product's HTTP adapter talks to it like to any
 * provider; where it is mounted and what drives `step()` (a timer, a job) is the embedding's.
 *
 * Outcomes: a letter whose CEP ends in 999 comes back ('devolvido', "Endereço insuficiente"),
 * any other is delivered — so a demo or a test picks either by the address.
 */
export interface LetterSimulatorOptions {
  apiKey: string;
  webhookSecret: string;
  /** Posts a signed callback (fetch by default); answers the HTTP status. */
  post?: (url: string, body: string, headers: Record<string, string>) => Promise<number>;
  now?: () => Date;
}

export interface SimulatorRequest {
  method: string;
  /** The path under the API's base (/letters, /letters/{id}). */
  path: string;
  headers: Record<string, string | undefined>;
  body: Buffer;
}

export interface SimulatorResponse {
  status: number;
  body: unknown;
}

interface SimEvent {
  id: string;
  letterId: string;
  status: LetterTrackingStatus;
  trackingCode: string;
  occurredAt: string;
  location: string;
  reason?: string;
  receipt?: { contentType: 'application/pdf'; content: string; sha256: string };
}

interface SimLetter {
  id: string;
  reference: string;
  idempotencyKey: string;
  trackingCode: string;
  recipient: LetterAddress;
  callbackUrl: string;
  pdfSha256: string;
  events: SimEvent[];
}

const submissionSchema = z.object({
  reference: z.string().min(1).max(40),
  document: z.object({
    contentType: z.literal('application/pdf'),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    pages: z.number().int().min(2),
    content: z.string().min(1),
  }),
  recipient: letterAddress,
  service: z.literal('carta_registrada_ar_digital'),
  callbackUrl: z.url({ protocol: /^https?$/ }),
});

/** The order of the steps; the last is 'entregue' or 'devolvido' by the address. */
const WALK: LetterTrackingStatus[] = ['postado', 'em_transito', 'saiu_para_entrega'];
const LOCATIONS: Record<LetterTrackingStatus, string> = {
  postado: 'Unidade de impressão híbrida',
  em_transito: 'Centro de Tratamento de Cartas',
  saiu_para_entrega: 'Centro de Distribuição Domiciliária',
  entregue: 'Endereço do destinatário',
  devolvido: 'Centro de Distribuição Domiciliária',
};

export class LetterSimulator {
  private readonly letters = new Map<string, SimLetter>();
  private readonly byKey = new Map<string, SimLetter>();
  private serial = 0;

  constructor(private readonly opts: LetterSimulatorOptions) {}

  /** One request of the contract, answered as a provider would. */
  handle(req: SimulatorRequest): SimulatorResponse {
    if (req.headers['x-api-key'] !== this.opts.apiKey) return { status: 401, body: { message: 'Chave de API inválida.' } };
    if (req.method === 'POST' && req.path === '/letters') return this.submit(req);
    const m = /^\/letters\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && m) {
      const letter = this.letters.get(decodeURIComponent(m[1] as string));
      if (!letter) return { status: 404, body: { message: 'Carta não encontrada.' } };
      return { status: 200, body: { id: letter.id, status: letter.events.at(-1)?.status ?? 'recebida', events: letter.events } };
    }
    return { status: 404, body: { message: 'Recurso não encontrado.' } };
  }

  private submit(req: SimulatorRequest): SimulatorResponse {
    const key = req.headers['idempotency-key'];
    if (!key) return { status: 400, body: { message: 'Informe o cabeçalho Idempotency-Key.' } };
    const known = this.byKey.get(key);
    if (known) return { status: 200, body: { id: known.id, status: 'recebida' } };
    let json: unknown;
    try {
      json = JSON.parse(req.body.toString('utf8'));
    } catch {
      return { status: 400, body: { message: 'O corpo não é um JSON válido.' } };
    }
    const parsed = submissionSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { status: 422, body: { message: `Campo ${issue?.path.join('.')} inválido: ${issue?.message}` } };
    }
    const s = parsed.data;
    const pdf = Buffer.from(s.document.content, 'base64');
    if (createHash('sha256').update(pdf).digest('hex') !== s.document.sha256 || pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
      return { status: 422, body: { message: 'O PDF recebido não confere com o SHA-256 informado.' } };
    this.serial++;
    const serial = String(10_000_000 + (this.serial % 90_000_000)).padStart(8, '0');
    const letter: SimLetter = {
      id: `sim_${randomUUID()}`,
      reference: s.reference,
      idempotencyKey: key,
      trackingCode: `RA${serial}${s10CheckDigit(serial)}BR`,
      recipient: s.recipient,
      callbackUrl: s.callbackUrl,
      pdfSha256: s.document.sha256,
      events: [],
    };
    this.letters.set(letter.id, letter);
    this.byKey.set(key, letter);
    return { status: 201, body: { id: letter.id, status: 'recebida' } };
  }

  /** The letter's tracking code (once submitted). */
  trackingCodeOf(id: string): string | null {
    return this.letters.get(id)?.trackingCode ?? null;
  }

  /**
   * Moves the letter one step on and posts that step's callback, signed. Answers the step, or null
   * when the letter has arrived (or come back) already.
   */
  async step(id: string): Promise<LetterTrackingStatus | null> {
    const letter = this.letters.get(id);
    if (!letter) throw new Error(`simulator: no letter ${id}`);
    const done = letter.events.at(-1)?.status;
    if (done === 'entregue' || done === 'devolvido') return null;
    const status = WALK[letter.events.length] ?? (letter.recipient.cep.endsWith('999') ? 'devolvido' : 'entregue');
    const at = (this.opts.now ?? (() => new Date()))();
    const event: SimEvent = {
      id: `${letter.id}_${letter.events.length + 1}`,
      letterId: letter.id,
      status,
      trackingCode: letter.trackingCode,
      occurredAt: at.toISOString(),
      location: LOCATIONS[status],
    };
    if (status === 'devolvido') event.reason = 'Endereço insuficiente';
    if (status === 'entregue') {
      const receipt = await digitalReceipt(letter, at);
      event.receipt = {
        contentType: 'application/pdf',
        content: receipt.toString('base64'),
        sha256: createHash('sha256').update(receipt).digest('hex'),
      };
    }
    letter.events.push(event);
    await this.post(letter, event);
    return status;
  }

  /** Posts the letter's last step's callback again (one the product did not take); false when there is none. */
  async resend(id: string): Promise<boolean> {
    const letter = this.letters.get(id);
    const event = letter?.events.at(-1);
    if (!letter || !event) return false;
    await this.post(letter, event);
    return true;
  }

  private async post(letter: SimLetter, event: SimEvent): Promise<void> {
    const body = JSON.stringify({ events: [event] });
    const headers = { 'content-type': 'application/json', 'x-letter-signature': letterSignature(this.opts.webhookSecret, body) };
    const post =
      this.opts.post ??
      (async (url: string, b: string, h: Record<string, string>) =>
        (await fetch(url, { method: 'POST', headers: h, body: b, signal: AbortSignal.timeout(30_000) })).status);
    const answered = await post(letter.callbackUrl, body, headers);
    if (answered < 200 || answered >= 300) throw new Error(`simulator: the callback of ${event.id} was answered ${answered}`);
  }
}

/** The digital AR the simulator "scans": the receipt with the letter's code, the recipient, the date and a signature. */
async function digitalReceipt(letter: SimLetter, at: Date): Promise<Buffer> {
  // pdfkit (with its fonts) is loaded when the first receipt is drawn, not at every start (docs/performance.md).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: [420, 297], margin: 24, info: { Title: `AR digital ${letter.trackingCode}`, CreationDate: at } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(12).text('AVISO DE RECEBIMENTO (AR) — simulador');
  doc.font('Helvetica').fontSize(9).moveDown(0.5);
  doc.text(`Objeto: ${letter.trackingCode}   Referência: ${letter.reference}`);
  doc.text(`Destinatário: ${letterAddressLines(letter.recipient).join(', ')}`);
  doc.text(`Entregue em: ${at.toISOString()}`);
  doc.moveDown(1.5).text('Assinatura do recebedor:');
  const y = doc.y + 30;
  doc
    .moveTo(40, y)
    .bezierCurveTo(80, y - 30, 110, y + 20, 150, y - 10)
    .bezierCurveTo(180, y - 30, 200, y + 10, 240, y - 5)
    .stroke();
  doc.fontSize(8).text(letter.recipient.nome, 40, y + 12);
  doc.end();
  return done;
}
