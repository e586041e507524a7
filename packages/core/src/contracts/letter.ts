import { isCep } from '../validators/cep.ts';
import { digitsOf } from '../validators/cpf.ts';
import { z } from '../zod.ts';
import { UFS } from './ufs.ts';

/** AR-Carta (docs/letters.md): the recipient's postal address of a registered letter. */
export const LETTER_MSG = {
  nome: 'Informe o nome do destinatário da carta.',
  endereco: 'Informe o endereço (logradouro) da carta.',
  numero: 'Informe o número do endereço da carta (ou S/N).',
  bairro: 'Informe o bairro da carta.',
  cidade: 'Informe a cidade da carta.',
  estado: 'Informe o estado (UF) da carta.',
  cep: 'Informe um CEP válido para a carta (8 dígitos, #####-###).',
  tooLong: (label: string, max: number) => `${label} da carta deve ter no máximo ${max} caracteres.`,
  unavailable: 'O envio por carta registrada (AR-Carta) ainda não está disponível nesta instalação.',
} as const;

/**
 * Field limits of the address block: what fits a line of the envelope's window (90 mm at 10 pt)
 * and the registry's columns (lea_endereco 200, lea_cidade 80).
 */
export const LETTER_LIMITS = { nome: 80, endereco: 120, numero: 20, complemento: 60, bairro: 60, cidade: 60 } as const;

const required = (message: string, label: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, LETTER_MSG.tooLong(label, max));

/** One recipient row's `carta` in POST /emails/send: where the letter goes. */
export const letterAddress = z.object({
  nome: required(LETTER_MSG.nome, 'O nome', LETTER_LIMITS.nome),
  endereco: required(LETTER_MSG.endereco, 'O endereço', LETTER_LIMITS.endereco),
  numero: required(LETTER_MSG.numero, 'O número', LETTER_LIMITS.numero),
  complemento: z
    .string()
    .trim()
    .max(LETTER_LIMITS.complemento, LETTER_MSG.tooLong('O complemento', LETTER_LIMITS.complemento))
    .nullish()
    .transform((v) => v || null),
  bairro: required(LETTER_MSG.bairro, 'O bairro', LETTER_LIMITS.bairro),
  cidade: required(LETTER_MSG.cidade, 'A cidade', LETTER_LIMITS.cidade),
  estado: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(UFS, { error: LETTER_MSG.estado })),
  /** Kept as its 8 digits. */
  cep: z
    .string({ error: LETTER_MSG.cep })
    .max(12, LETTER_MSG.cep)
    .refine(isCep, LETTER_MSG.cep)
    .transform((v) => digitsOf(v)),
});
export type LetterAddressInput = z.input<typeof letterAddress>;
export type LetterAddress = z.output<typeof letterAddress>;

/**
 * The address as the envelope's window prints it (Correios' layout: name; street, number and
 * complement; district; CEP, city and state), one string a line.
 */
export function letterAddressLines(a: LetterAddress): string[] {
  const street = [`${a.endereco}, ${a.numero}`, a.complemento].filter(Boolean).join(' - ');
  return [a.nome, street, a.bairro, `${a.cep.slice(0, 5)}-${a.cep.slice(5)} ${a.cidade} - ${a.estado}`];
}

/** The public letter's messages (GET /email/public/carta/{uuid}). */
export const PUBLIC_LETTER_MSG = {
  none: 'Esta mensagem não tem carta registrada (AR-Carta).',
  notReady: 'A carta ainda está sendo preparada. Tente novamente em instantes.',
  noReceipt: 'O AR digital desta carta ainda não foi recebido.',
} as const;

/** The public letter's files: the letter as printed, and the digital AR once delivered. */
export const LETTER_FILES = ['carta', 'ar'] as const;
export const publicLetterFileParams = z.object({ uuid: z.string().max(64), arquivo: z.enum(LETTER_FILES) });

/**
 * GET /email/public/carta/{uuid} (spec 002 §7, "returns a link"): where the letter's PDF is, with
 * its SHA-256, and its tracking; the digital AR's link and hash once delivered.
 */
export const publicLetterSchema = z.object({
  /** The letter channel's current status (processed, send, delivered, erro). */
  status: z.string().nullable(),
  /** The S10 tracking code, once posted. */
  rastreio: z.string().nullable(),
  link: z.string(),
  sha256: z.string(),
  paginas: z.number().int(),
  linkAr: z.string().nullable(),
  arSha256: z.string().nullable(),
});
export type PublicLetter = z.infer<typeof publicLetterSchema>;

/** The sent detail's letter panel (spec 001 §2.7): where it went, its code, and its last failure. */
export const sentLetterSchema = z.object({
  endereco: z.array(z.string()),
  rastreio: z.string().nullable(),
});
