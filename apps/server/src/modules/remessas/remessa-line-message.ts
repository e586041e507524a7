import {
  applyTemplateVariables,
  BUILTIN_VARIABLES,
  type BuiltinVariable,
  type CustomFieldDef,
  formatCustomVariable,
  phoneE164,
  RECIPIENT_NAME_MAX,
  REMESSA_VOICE_COLUMN,
  type VariableSource,
} from '@ar/core';
import { personalMessageHtml } from '../../mail/message-html.ts';
import type { OutgoingMessage } from '../emails/send-values.ts';
import { type FileColumns, type LineTemplate, lineChannels, lineLetter } from './remessa-rows.ts';

/**
 * The AR message a valid line of a batch file becomes (its rules are remessa-rows.ts's), made
 * with the same substitution and sanitiser as compose (applyTemplateVariables, personalMessageHtml).
 */

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
