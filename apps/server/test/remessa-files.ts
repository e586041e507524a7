import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { waitFor } from './smtp-sink.ts';

/** Test data only: batch files as a person's spreadsheet program writes them, and the waits on their processing. */

export const HEADER = [
  'ID',
  'ASSUNTO',
  'NOME_DESTINATARIO',
  'EMAIL_DESTINATARIO',
  'TELEFONE_DESTINATARIO',
  'TIPO_ENVIO_SMS',
  'MODELO',
  'TELEFONE_DESTINATARIO_WHATSAPP',
];

/** A ';' file of these lines under `header`, CRLF as Excel writes it. */
export const csvOf = (rows: string[][], header: string[] = HEADER) => `${[header, ...rows].map((r) => r.join(';')).join('\r\n')}\r\n`;

/** The upload body of POST /remessas/upload, as the browser's FileReader.readAsDataURL makes it. */
export const uploadBody = (content: string | Buffer, fileName = 'remessa.csv', type = 'text/csv') => ({
  contentBase64: `data:${type};base64,${(typeof content === 'string' ? Buffer.from(content, 'utf8') : content).toString('base64')}`,
  fileName,
});

const FINAL = new Set([
  'PROCESSADO_COM_SUCESSO',
  'PROCESSADO_COM_FALHAS',
  'FALHA_NA_VALIDACAO',
  'ERRO_CONFIGURACAO',
  'ERRO_PROCESSAMENTO',
  'ERRO_SISTEMA',
]);

/** The remessa once its worker has taken it to a final status. */
export function settled(db: Kysely<DB>, rem_codigo: number, timeoutMs = 30_000) {
  return waitFor(
    () => db.selectFrom('remessas').selectAll().where('rem_codigo', '=', rem_codigo).executeTakeFirstOrThrow(),
    (r) => FINAL.has(r.rem_status_processamento),
    timeoutMs,
  );
}

/** A file's remessa as stored: its refused lines are listed in its own failure type and reason (one remessa per file). */
export const remessaOf = (db: Kysely<DB>, rem_codigo: number) =>
  db.selectFrom('remessas').selectAll().where('rem_codigo', '=', rem_codigo).executeTakeFirst();
