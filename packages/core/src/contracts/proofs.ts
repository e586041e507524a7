import { z } from '../zod.ts';
import { oficioEvidenceSchema } from './oficio.ts';
import { statusTypeSchema } from './statuses.ts';

/** Texts of spec 001 §8 for the sending proof and the expert report. */
export const PROOF_MSG = {
  generateError: 'Houve um erro ao gerar o Comprovante',
  downloadError: 'Houve um erro ao baixar o Comprovante',
  sendingProofError: 'Houve um erro ao gerar o comprovante de envio',
  reportError: 'Houve um erro ao gerar o Relatório Pericial',
  notFound: 'Mensagem não encontrada.',
  nameTooLong: 'O nome deve ter no máximo 200 caracteres.',
  emailTooLong: 'O e-mail deve ter no máximo 320 caracteres.',
} as const;

/**
 * PUT /emails/sending-proof/{id} (spec 001 §7): the name and e-mail of the current user. Both are
 * optional: the proof and its log record the signed-in user as the session says, and keep these
 * values only as what the screen declared.
 */
export const sendingProofBody = z
  .object({
    name: z.string().trim().max(200, PROOF_MSG.nameTooLong).optional(),
    email: z.string().trim().max(320, PROOF_MSG.emailTooLong).optional(),
  })
  .default({});
export type SendingProofBody = z.input<typeof sendingProofBody>;

/** The e-mail statuses a proof lists, in the order they happen. */
export const PROOF_STATUS_TYPES = ['processed', 'send', 'delivered', 'read', 'acknowledged', 'answered', 'erro'] as const;
export type ProofStatusType = (typeof PROOF_STATUS_TYPES)[number];

/** One status of the e-mail channel and when it first happened. */
export const proofStatusSchema = z.object({
  type: z.enum(PROOF_STATUS_TYPES),
  /** Portuguese label: Processado, Enviado, Entregue, Lido, Confirmado, Respondido, Falha no Envio/Entrega. */
  label: z.string(),
  /** ISO 8601 UTC, and as people read it (dd/MM/yyyy HH:mm:ss, Brasília). */
  dateTime: z.string(),
  dataHoraBrasilia: z.string(),
  /** What else the evidence says: the relay's reply, the failure reason, where a read came from. */
  detalhe: z.string().nullable(),
  /** Hash of the event that proves it (SHA-256 of its canonical serialisation, docs/evidence.md). */
  hash: z.string(),
});
export type ProofStatus = z.output<typeof proofStatusSchema>;

/** The statuses a proof lists for SMS and WhatsApp: e-mail's, and WhatsApp's read receipt ('Visualizado'). */
export const PHONE_PROOF_STATUS_TYPES = ['processed', 'send', 'delivered', 'viewed', 'read', 'acknowledged', 'answered', 'erro'] as const;

/**
 * A step of a channel's way that is not a status (a 'processed' event naming its `etapa`): the
 * provider's acceptance, a call ringing or its recording, a letter in transit. Listed with its
 * event's hash, as the statuses are.
 */
export const proofStepSchema = z.object({
  /** 'Aceito pelo provedor', 'Chamando', 'Gravação da chamada', 'Em trânsito', … */
  label: z.string(),
  dateTime: z.string(),
  dataHoraBrasilia: z.string(),
  detalhe: z.string().nullable(),
  hash: z.string(),
});
export type ProofStep = z.output<typeof proofStepSchema>;

/**
 * A file a channel produced and chained by its SHA-256 (the call's recording, the letter's PDF,
 * the digital AR), shown like an attachment's hash: the event that chained it and that event's
 * time stamp (RFC 3161), which dates the file's hash.
 */
export const proofFileSchema = z.object({
  /** 'Gravação da chamada', 'Carta (PDF)', 'AR digital'. */
  nome: z.string(),
  sha256: z.string(),
  /** Size, pages, duration: what identifies it besides the hash. */
  detalhe: z.string().nullable(),
  /** When the event that chained it was recorded. */
  registradoEm: z.string(),
  registradoEmBrasilia: z.string(),
  /** That event's hash, and its stamp's time and TSA once stamped (null: pending). */
  hashEvento: z.string(),
  carimbo: z.object({ dataHora: z.string(), dataHoraBrasilia: z.string(), tsa: z.string().nullable() }).nullable(),
});
export type ProofFile = z.output<typeof proofFileSchema>;

/** One phone channel of the message in its proof: where it went, what it said, each status, the replies. */
export const phoneProofSchema = z.object({
  canal: z.enum(['sms', 'whatsapp', 'voz']),
  /** AR-SMS or AR-WhatsApp. */
  nome: z.string(),
  numero: z.string(),
  mensagem: z.string(),
  status: z.array(proofStatusSchema.extend({ type: z.enum(PHONE_PROOF_STATUS_TYPES) })),
  ultimoStatus: z.object({ type: statusTypeSchema, label: z.string() }).nullable(),
  falha: z.object({ motivo: z.string(), dataHora: z.string(), dataHoraBrasilia: z.string() }).nullable(),
  /** The recipient's replies (the WhatsApp button as 'acknowledged'), each with its event's hash. */
  respostas: z.array(
    z.object({
      tipo: z.enum(['answered', 'acknowledged']),
      texto: z.string(),
      dataHora: z.string(),
      dataHoraBrasilia: z.string(),
      hash: z.string(),
    }),
  ),
  /** The steps that are not statuses (AR-Voz: each try's acceptance, ringing, the recording; SMS/WhatsApp: the acceptance). */
  etapas: z.array(proofStepSchema),
  /** The files chained by their SHA-256 (AR-Voz: the call's recording); empty for SMS and WhatsApp. */
  arquivos: z.array(proofFileSchema),
});
export type PhoneProof = z.output<typeof phoneProofSchema>;

/** The statuses a proof lists for the letter: registered, posted, delivered, returned. */
export const LETTER_PROOF_STATUS_TYPES = ['processed', 'send', 'delivered', 'erro'] as const;

/** The registered letter (AR-Carta, docs/letters.md) in its proof: where it went, its S10 code, each status and step, its files. */
export const letterProofSchema = z.object({
  canal: z.literal('carta'),
  nome: z.literal('AR-Carta'),
  /** The postal address as printed (letterAddressLines). */
  endereco: z.array(z.string()),
  /** The UPU S10 tracking code, once posted. */
  rastreio: z.string().nullable(),
  status: z.array(proofStatusSchema.extend({ type: z.enum(LETTER_PROOF_STATUS_TYPES) })),
  etapas: z.array(proofStepSchema),
  ultimoStatus: z.object({ type: statusTypeSchema, label: z.string() }).nullable(),
  falha: z.object({ motivo: z.string(), dataHora: z.string(), dataHoraBrasilia: z.string() }).nullable(),
  /** The letter's PDF and, once delivered, the digital AR, each with its SHA-256. */
  arquivos: z.array(proofFileSchema),
});
export type LetterProof = z.output<typeof letterProofSchema>;

/**
 * GET /v2/emails/sending-proof/{id}: the sending proof of one of the user's messages as data (the
 * web page renders it and its QR code); PUT answers the same content as a PDF.
 */
export const sendingProofSchema = z.object({
  /** Protocol: the message's code and its uuid (the public page's key). */
  ema_uni_codigo: z.number().int(),
  ema_uni_id: z.string(),
  remetente: z.object({
    /** The sender name the recipient saw, and the address it was sent from. */
    nome: z.string(),
    email: z.string(),
    /** The account that sent it: the user's name and login, and the entity when there is one. */
    usuario: z.string(),
    conta: z.string(),
    entidade: z.string().nullable(),
  }),
  destinatario: z.object({ nome: z.string(), email: z.string().nullable() }),
  assunto: z.string(),
  identificacao: z.string(),
  /** A legal notice's fields and whether they match the hash chained when it was sent; null for other messages. */
  oficio: oficioEvidenceSchema.nullable(),
  criadoEm: z.string(),
  criadoEmBrasilia: z.string(),
  /** Every e-mail status reached (first occurrence of each; only a person's reads count, docs/reads.md). */
  status: z.array(proofStatusSchema),
  /** The current e-mail status, or null before the message was processed. */
  ultimoStatus: z.object({ type: statusTypeSchema, label: z.string() }).nullable(),
  /** The proof's sentence, by the current status (spec 001 §2.10). */
  texto: z.string(),
  falha: z.object({ motivo: z.string(), dataHora: z.string(), dataHoraBrasilia: z.string() }).nullable(),
  /** SHA-256 of what was sent (ema_uni_hash), and the hash of the last event of its chain. */
  hashConteudo: z.string(),
  ultimoHash: z.string().nullable(),
  /** Whether the hash chain recomputes from what is stored (the expert report has the detail). */
  cadeiaIntegra: z.boolean(),
  /** Some of its evidence came from the demo mode's simulators (SIMULATED_NOTICE): not proof of a real delivery. */
  simulado: z.boolean(),
  anexos: z.array(z.object({ originalFilename: z.string(), mime: z.string(), size: z.number().int(), sha256: z.string() })),
  /** The message's SMS and WhatsApp, when it went by them (docs/phone-screens.md). */
  canais: z.array(phoneProofSchema),
  /** The registered letter, when the message went by one (docs/letters.md); null otherwise. */
  carta: letterProofSchema.nullable(),
  /** The public page of the message: what the QR code encodes. */
  urlPublica: z.string(),
  /** When this proof was made (ISO 8601 UTC and Brasília). */
  geradoEm: z.string(),
  geradoEmBrasilia: z.string(),
});
export type SendingProof = z.output<typeof sendingProofSchema>;
