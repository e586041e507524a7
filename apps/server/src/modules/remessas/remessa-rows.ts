import {
  applyTemplateVariables,
  BUILTIN_VARIABLES,
  type BuiltinVariable,
  CASCADE_MSG,
  type CascadeChannel,
  type CascadePlan,
  type CustomFieldDef,
  cascadeStepsFor,
  columnKey,
  EMAIL_IDENTIFICATION_MAX,
  EMAIL_SUBJECT_MAX,
  formatCustomVariable,
  htmlHasContent,
  isEmail,
  isSmsMobile,
  isVoiceNumber,
  isWhatsappNumber,
  LETTER_LIMITS,
  type LetterAddress,
  letterAddress,
  phoneE164,
  RECIPIENT_EMAIL_MAX,
  RECIPIENT_NAME_MAX,
  REMESSA_LETTER_COLUMNS,
  REMESSA_VOICE_COLUMN,
  type RecipientChannels,
  type RemessaFailureType,
  type VariableSource,
} from '@ar/core';
import { personalMessageHtml } from '../../mail/message-html.ts';
import type { OutgoingMessage } from '../emails/send-values.ts';

/**
 * One data line of a batch file: its rules (which fail only that line, with the line and the
 * column in the reason) and the AR message it becomes, made with the same substitution and
 * sanitiser as compose (applyTemplateVariables, personalMessageHtml).
 */

export interface LineTemplate {
  mod_codigo: number;
  mod_name: string;
  mod_subject: string;
  mod_content: string;
  mod_enable: boolean;
}

/** The file's header, read once: where each column the rules need is. */
export class FileColumns {
  readonly keys: string[];
  private readonly index = new Map<string, number>();
  constructor(readonly header: string[]) {
    this.keys = header.map(columnKey);
    this.keys.forEach((k, i) => {
      if (k && !this.index.has(k)) this.index.set(k, i);
    });
  }
  /** A cell of a named column, trimmed ('' when the column or the cell is missing). */
  cell(cells: readonly string[], column: string): string {
    const i = this.index.get(column);
    return i === undefined ? '' : (cells[i] ?? '').trim();
  }
  has(column: string): boolean {
    return this.index.has(column);
  }
}

export interface LineFailure {
  tipo: RemessaFailureType;
  motivo: string;
}

const NO = new Set(['', 'N', 'NAO', 'NÃO', '0', 'FALSE', 'F']);
/** TIPO_ENVIO_SMS asks for an SMS unless it is blank or a no (N, NAO, 0, FALSE). */
export const asksForSms = (value: string) => !NO.has(value.trim().toUpperCase());

const at = (line: number, column: string, text: string): string => `Linha ${line}, coluna ${column}: ${text}`;

/** The template a MODELO cell names: by code, else by exact name. */
export function templateOf(ref: string, templates: Map<string, LineTemplate>): LineTemplate | undefined {
  return templates.get(`#${ref}`) ?? templates.get(ref);
}

/** Templates keyed for templateOf: '#<code>' and the exact name. */
export function templateIndex(rows: LineTemplate[]): Map<string, LineTemplate> {
  const map = new Map<string, LineTemplate>();
  for (const t of rows) map.set(`#${t.mod_codigo}`, t);
  for (const t of rows) if (!map.has(t.mod_name)) map.set(t.mod_name, t);
  return map;
}

/** What a line's rules need of the account and of the installation, read once per file. */
export interface LineAccount {
  /** set_envia_email_obrigatorio: every line needs an e-mail, as compose asks of every recipient. */
  emailRequired: boolean;
  /** usu_aceita_ar_whatsapp: the account may send AR-WhatsApp. */
  whatsappAllowed: boolean;
  /** usu_aceita_ar_voz: the account may send AR-Voz (accountChannelProblem). */
  vozAllowed: boolean;
  /** The phone channels this installation has a provider for (channelAvailable, voiceAvailable). */
  available: { sms: boolean; whatsapp: boolean; voz: boolean; carta: boolean };
  /** The user's default cascade (docs/cascade.md), which every line of a file follows; null: none. */
  cascade: CascadePlan | null;
}

const LETTER_FIELDS = Object.entries(REMESSA_LETTER_COLUMNS) as [keyof LetterAddress, string][];

/** Whether a line asks for the letter: any of its CARTA_* cells is filled (docs/remessas.md). */
const asksForLetter = (cells: readonly string[], cols: FileColumns) => LETTER_FIELDS.some(([, column]) => cols.cell(cells, column) !== '');

/**
 * The channels a line asks for: e-mail when it has an address, SMS by TIPO_ENVIO_SMS, WhatsApp
 * and AR-Voz when their column has a number, AR-Carta when any CARTA_* cell is filled.
 */
export function lineChannels(cells: readonly string[], cols: FileColumns): Required<RecipientChannels> {
  return {
    email: cols.cell(cells, 'EMAIL_DESTINATARIO') !== '',
    sms: asksForSms(cols.cell(cells, 'TIPO_ENVIO_SMS')),
    whatsapp: cols.cell(cells, 'TELEFONE_DESTINATARIO_WHATSAPP') !== '',
    voz: cols.cell(cells, REMESSA_VOICE_COLUMN) !== '',
    carta: asksForLetter(cells, cols),
  };
}

/**
 * The letter's address of a line, as compose's `carta` would carry it: one field per CARTA_*
 * column, CARTA_NOME blank taking NOME_DESTINATARIO (cut to the letter's limit, as compose's form
 * fills the letter's name from the recipient's), and checked by compose's own schema
 * (letterAddress, LETTER_MSG): the address or the first problem, with its column.
 */
export function lineLetter(
  cells: readonly string[],
  cols: FileColumns,
): { address: LetterAddress } | { column: string; blank: boolean; message: string } {
  const input = Object.fromEntries(LETTER_FIELDS.map(([field, column]) => [field, cols.cell(cells, column)])) as Record<
    keyof LetterAddress,
    string
  >;
  if (!input.nome) input.nome = cols.cell(cells, 'NOME_DESTINATARIO').slice(0, LETTER_LIMITS.nome);
  const parsed = letterAddress.safeParse(input);
  if (parsed.success) return { address: parsed.data };
  const issue = parsed.error.issues[0];
  const field = (issue?.path[0] ?? 'endereco') as keyof LetterAddress;
  return { column: REMESSA_LETTER_COLUMNS[field], blank: input[field] === '', message: issue?.message ?? 'endereço inválido.' };
}

/**
 * The first rule a line breaks, or null. In order: cells beyond the header; the recipient's name;
 * the contact as compose's recipientContactProblem checks it (an e-mail, valid; without one, only
 * when the account does not require e-mail and the line asks for SMS, WhatsApp or AR-Voz); the template
 * (named, found, enabled, with a body); the subject; the identification; then the phone, call and
 * letter channels and the default cascade (lineChannelProblem).
 */
export function lineProblem(
  line: number,
  cells: readonly string[],
  cols: FileColumns,
  templates: Map<string, LineTemplate>,
  account: LineAccount,
): LineFailure | null {
  const extra = cells.slice(cols.header.length).some((c) => c.trim() !== '');
  if (extra) {
    return {
      tipo: 'INVALID_FORMAT',
      motivo: `Linha ${line}: a linha tem ${cells.length} colunas e o cabeçalho tem ${cols.header.length}.`,
    };
  }
  const name = cols.cell(cells, 'NOME_DESTINATARIO');
  if (!name) return { tipo: 'REQUIRED_FIELDS', motivo: at(line, 'NOME_DESTINATARIO', 'informe o nome do destinatário.') };
  const email = cols.cell(cells, 'EMAIL_DESTINATARIO');
  const channels = lineChannels(cells, cols);
  if (!email && account.emailRequired) {
    return { tipo: 'REQUIRED_FIELDS', motivo: at(line, 'EMAIL_DESTINATARIO', 'informe o e-mail do destinatário.') };
  }
  // As compose's recipientContactProblem: a call may stand in for the e-mail, a letter may not.
  if (!email && !channels.sms && !channels.whatsapp && !channels.voz) {
    return {
      tipo: 'REQUIRED_FIELDS',
      motivo: at(line, 'EMAIL_DESTINATARIO', 'informe o e-mail do destinatário, ou peça SMS, WhatsApp ou AR-Voz com o número.'),
    };
  }
  if (email && (email.length > RECIPIENT_EMAIL_MAX || !isEmail(email))) {
    return { tipo: 'INVALID_FORMAT', motivo: at(line, 'EMAIL_DESTINATARIO', `o e-mail "${email.slice(0, 160)}" não é válido.`) };
  }
  const ref = cols.cell(cells, 'MODELO');
  if (!ref) return { tipo: 'REQUIRED_FIELDS', motivo: at(line, 'MODELO', 'informe o código ou o nome do modelo.') };
  const template = templateOf(ref, templates);
  if (!template?.mod_enable) {
    return { tipo: 'TEMPLATE_ERROR', motivo: at(line, 'MODELO', `modelo "${ref.slice(0, 80)}" não encontrado ou desativado.`) };
  }
  if (!htmlHasContent(template.mod_content)) {
    return { tipo: 'TEMPLATE_ERROR', motivo: at(line, 'MODELO', `o modelo "${template.mod_name}" não tem conteúdo.`) };
  }
  const subject = cols.cell(cells, 'ASSUNTO') || template.mod_subject.trim();
  if (!subject) return { tipo: 'REQUIRED_FIELDS', motivo: at(line, 'ASSUNTO', 'informe o assunto (ou use um modelo com assunto).') };
  if (subject.length > EMAIL_SUBJECT_MAX) {
    return { tipo: 'INVALID_FORMAT', motivo: at(line, 'ASSUNTO', `o assunto deve ter no máximo ${EMAIL_SUBJECT_MAX} caracteres.`) };
  }
  if (cols.cell(cells, 'ID').length > EMAIL_IDENTIFICATION_MAX) {
    return { tipo: 'INVALID_FORMAT', motivo: at(line, 'ID', `a identificação deve ter no máximo ${EMAIL_IDENTIFICATION_MAX} caracteres.`) };
  }
  return lineChannelProblem(line, cells, cols, account);
}

/** Compose's limit on a phone field (channelTarget.mobile). */
const PHONE_MAX = 20;

/**
 * The phone, call and letter channels a line asks for, as compose checks them: the number first
 * (so a wrong number says so), then whether this installation sends the channel, then — WhatsApp
 * and AR-Voz — whether the account may; the letter's address by compose's schema (any account
 * may send a letter). Also run when the lines are sent, since the account may have changed since.
 */
export function lineChannelProblem(line: number, cells: readonly string[], cols: FileColumns, account: LineAccount): LineFailure | null {
  const unavailable = (column: string, channel: string): LineFailure => ({
    tipo: 'CHANNEL_UNAVAILABLE',
    motivo: at(line, column, `o envio por ${channel} ainda não está disponível nesta instalação; a linha não foi enviada.`),
  });
  if (asksForSms(cols.cell(cells, 'TIPO_ENVIO_SMS'))) {
    const phone = cols.cell(cells, 'TELEFONE_DESTINATARIO');
    if (phone.length > PHONE_MAX || !isSmsMobile(phone)) {
      return {
        tipo: 'INVALID_FORMAT',
        motivo: at(line, 'TELEFONE_DESTINATARIO', `o celular "${phone.slice(0, 30)}" não é válido para SMS (DDD e 9 dígitos).`),
      };
    }
    if (!account.available.sms) return unavailable('TIPO_ENVIO_SMS', 'AR-SMS');
  }
  const whatsapp = cols.cell(cells, 'TELEFONE_DESTINATARIO_WHATSAPP');
  if (whatsapp) {
    if (whatsapp.length > PHONE_MAX || !isWhatsappNumber(whatsapp)) {
      return {
        tipo: 'INVALID_FORMAT',
        motivo: at(line, 'TELEFONE_DESTINATARIO_WHATSAPP', `o número "${whatsapp.slice(0, 30)}" não é válido para WhatsApp.`),
      };
    }
    if (!account.available.whatsapp) return unavailable('TELEFONE_DESTINATARIO_WHATSAPP', 'AR-WhatsApp');
    if (!account.whatsappAllowed) {
      return {
        tipo: 'CHANNEL_UNAVAILABLE',
        motivo: at(
          line,
          'TELEFONE_DESTINATARIO_WHATSAPP',
          'o envio por AR-WhatsApp não está habilitado para esta conta; a linha não foi enviada.',
        ),
      };
    }
  }
  const voice = cols.cell(cells, REMESSA_VOICE_COLUMN);
  if (voice) {
    if (voice.length > PHONE_MAX || !isVoiceNumber(voice)) {
      return {
        tipo: 'INVALID_FORMAT',
        motivo: at(line, REMESSA_VOICE_COLUMN, `o telefone "${voice.slice(0, 30)}" não é válido para AR-Voz (DDD e 8 ou 9 dígitos).`),
      };
    }
    if (!account.available.voz) return unavailable(REMESSA_VOICE_COLUMN, 'AR-Voz');
    if (!account.vozAllowed) {
      return {
        tipo: 'CHANNEL_UNAVAILABLE',
        motivo: at(line, REMESSA_VOICE_COLUMN, 'o envio por AR-Voz não está habilitado para esta conta; a linha não foi enviada.'),
      };
    }
  }
  if (asksForLetter(cells, cols)) {
    if (!account.available.carta) return unavailable(REMESSA_LETTER_COLUMNS.endereco, 'AR-Carta');
    const letter = lineLetter(cells, cols);
    if ('message' in letter) {
      return { tipo: letter.blank ? 'REQUIRED_FIELDS' : 'INVALID_FORMAT', motivo: at(line, letter.column, letter.message) };
    }
  }
  return lineCascadeProblem(line, cells, cols, account.cascade);
}

/** The column that gives a cascade step's target on a line (the letter: its address, CARTA_ENDERECO first). */
const TARGET_COLUMNS: Record<CascadeChannel, string> = {
  email: 'EMAIL_DESTINATARIO',
  sms: 'TIPO_ENVIO_SMS',
  whatsapp: 'TELEFONE_DESTINATARIO_WHATSAPP',
  voz: REMESSA_VOICE_COLUMN,
  carta: REMESSA_LETTER_COLUMNS.endereco,
};

/**
 * The user's default cascade (docs/cascade.md) needs each step's target on every line, as compose
 * needs it on every row (cascadeRowProblem): a line without one fails with the cascade's message
 * and the other lines go. Run at validation and again when the lines are sent (the default may
 * have changed since).
 */
export function lineCascadeProblem(
  line: number,
  cells: readonly string[],
  cols: FileColumns,
  plan: CascadePlan | null,
): LineFailure | null {
  if (!plan) return null;
  const channels = lineChannels(cells, cols);
  const missing = cascadeStepsFor(plan, channels).find((step) => !channels[step.canal]);
  if (!missing) return null;
  return { tipo: 'REQUIRED_FIELDS', motivo: at(line, TARGET_COLUMNS[missing.canal], CASCADE_MSG.needs(missing.canal)) };
}

/** The built-in variables a batch column of another name stands in for when the file has no column of that name. */
const STAND_INS: Partial<Record<BuiltinVariable, string>> = {
  NOME: 'NOME_DESTINATARIO',
  EMAIL: 'EMAIL_DESTINATARIO',
  TELEFONE: 'TELEFONE_DESTINATARIO',
  CELULAR: 'TELEFONE_DESTINATARIO',
};

/**
 * A line as the substitution reads a recipient: each built-in variable from the column of its
 * name (NOME from NOME_DESTINATARIO, EMAIL from EMAIL_DESTINATARIO, TELEFONE and CELULAR from
 * TELEFONE_DESTINATARIO when the file has no column of their own), and every column as a custom
 * variable of its name (*|ID|*, *|VALOR1|*, *|DATA VENCIMENTO|* → *|DATA_VENCIMENTO|*).
 */
export function lineVariables(cells: readonly string[], cols: FileColumns): VariableSource {
  const source: Record<string, string> & VariableSource = {};
  for (const [name, field] of Object.entries(BUILTIN_VARIABLES) as [BuiltinVariable, string][]) {
    const column = cols.has(name) ? name : STAND_INS[name];
    if (column) source[field] = cols.cell(cells, column);
  }
  source.lea_custom_field = {
    data: cols.header.map((h, i) => {
      const href = formatCustomVariable(h);
      return { id: href, description: h, href, value: (cells[i] ?? '').trim() };
    }),
  };
  return source;
}

/**
 * The AR message a valid line becomes (its template found by lineProblem's rules): the numbers in
 * E.164 and the installation's public address, from which messageValues makes the SMS and
 * WhatsApp texts exactly as for a compose recipient; the call to the number with the recipient's
 * name (compose's `voz {name: nameTo}`), the letter to the address as compose's schema makes it.
 */
export function lineMessage(
  cells: readonly string[],
  cols: FileColumns,
  template: LineTemplate,
  customFields: CustomFieldDef[],
  publicUrl: string,
): OutgoingMessage {
  const vars = lineVariables(cells, cols);
  const subject = cols.cell(cells, 'ASSUNTO') || template.mod_subject.trim();
  const channels = lineChannels(cells, cols);
  const nameTo = cols.cell(cells, 'NOME_DESTINATARIO').slice(0, RECIPIENT_NAME_MAX);
  const letter = channels.carta ? lineLetter(cells, cols) : null;
  if (letter && !('address' in letter)) throw new Error(`the letter's address of a line was not validated: ${letter.message}`);
  return {
    to: cols.cell(cells, 'EMAIL_DESTINATARIO'),
    sms: channels.sms ? phoneE164(cols.cell(cells, 'TELEFONE_DESTINATARIO')) : null,
    whatsapp: channels.whatsapp ? phoneE164(cols.cell(cells, 'TELEFONE_DESTINATARIO_WHATSAPP')) : null,
    voz: channels.voz ? { numberTo: phoneE164(cols.cell(cells, REMESSA_VOICE_COLUMN)) as string, name: nameTo.trim() || null } : null,
    carta: letter ? letter.address : null,
    publicUrl,
    nameTo,
    subject: applyTemplateVariables(subject, vars, { customFields }),
    content: personalMessageHtml(template.mod_content, vars, customFields),
    identificacao: cols.cell(cells, 'ID'),
    verification: null,
    cod_ger_modelo: template.mod_codigo,
    cod_lead: null,
  };
}
