import { type Kysely, sql } from 'kysely';

/**
 * The relay's acceptance of a message, written (one statement, committed at once) as soon as its
 * SMTP reply arrives and before the worker's batch records the chained 'send' events. A message
 * found here without its 'send' event (a crash in between) is not sent again: its event is
 * recorded from this row. Rows go once their event is recorded. docs/send-pipeline.md, "Crash window".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE email_aceites (
      cod_email integer PRIMARY KEY REFERENCES emails(ema_uni_codigo) ON DELETE CASCADE,
      ace_detalhes jsonb NOT NULL,
      ace_data timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
}
