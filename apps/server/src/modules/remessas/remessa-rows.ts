import {
  applyTemplateVariables,
  BUILTIN_VARIABLES,
  type BuiltinVariable,
  type CustomFieldDef,
  columnKey,
  EMAIL_IDENTIFICATION_MAX,
  EMAIL_SUBJECT_MAX,
  formatCustomVariable,
  htmlHasContent,
  isEmail,
  isSmsMobile,
  isWhatsappNumber,
  RECIPIENT_EMAIL_MAX,
  RECIPIENT_NAME_MAX,
  type RemessaFailureType,
  type VariableSource,
} from '@ar/core';
import { personalMessageHtml } from '../../mail/message-html.ts';
import type { OutgoingMessage } from '../emails/send.service.ts';

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

/**
 * The first rule a line breaks, or null. In order: cells beyond the header; the recipient's name
 * and e-mail (required, valid, as compose checks them); the template (named, found, enabled, with
 * a body); the subject; the identification; then SMS and WhatsApp, which this installation does
 * not send yet: a line asking for them fails (its number checked first, so a wrong number says so).
 */
export function lineProblem(
  line: number,
  cells: readonly string[],
  cols: FileColumns,
  templates: Map<string, LineTemplate>,
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
  if (!email) return { tipo: 'REQUIRED_FIELDS', motivo: at(line, 'EMAIL_DESTINATARIO', 'informe o e-mail do destinatário.') };
  if (email.length > RECIPIENT_EMAIL_MAX || !isEmail(email)) {
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
  if (asksForSms(cols.cell(cells, 'TIPO_ENVIO_SMS'))) {
    const phone = cols.cell(cells, 'TELEFONE_DESTINATARIO');
    if (!isSmsMobile(phone)) {
      return {
        tipo: 'INVALID_FORMAT',
        motivo: at(line, 'TELEFONE_DESTINATARIO', `o celular "${phone.slice(0, 30)}" não é válido para SMS (DDD e 9 dígitos).`),
      };
    }
    return {
      tipo: 'CHANNEL_UNAVAILABLE',
      motivo: at(line, 'TIPO_ENVIO_SMS', 'o envio por AR-SMS ainda não está disponível nesta instalação; a linha não foi enviada.'),
    };
  }
  const whatsapp = cols.cell(cells, 'TELEFONE_DESTINATARIO_WHATSAPP');
  if (whatsapp) {
    if (!isWhatsappNumber(whatsapp)) {
      return {
        tipo: 'INVALID_FORMAT',
        motivo: at(line, 'TELEFONE_DESTINATARIO_WHATSAPP', `o número "${whatsapp.slice(0, 30)}" não é válido para WhatsApp.`),
      };
    }
    return {
      tipo: 'CHANNEL_UNAVAILABLE',
      motivo: at(
        line,
        'TELEFONE_DESTINATARIO_WHATSAPP',
        'o envio por AR-WhatsApp ainda não está disponível nesta instalação; a linha não foi enviada.',
      ),
    };
  }
  return null;
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

/** The AR message a valid line becomes (its template found by lineProblem's rules). */
export function lineMessage(
  cells: readonly string[],
  cols: FileColumns,
  template: LineTemplate,
  customFields: CustomFieldDef[],
): OutgoingMessage {
  const vars = lineVariables(cells, cols);
  const subject = cols.cell(cells, 'ASSUNTO') || template.mod_subject.trim();
  return {
    to: cols.cell(cells, 'EMAIL_DESTINATARIO'),
    nameTo: cols.cell(cells, 'NOME_DESTINATARIO').slice(0, RECIPIENT_NAME_MAX),
    subject: applyTemplateVariables(subject, vars, { customFields }),
    content: personalMessageHtml(template.mod_content, vars, customFields),
    identificacao: cols.cell(cells, 'ID'),
    verification: null,
    cod_ger_modelo: template.mod_codigo,
    cod_lead: null,
  };
}
