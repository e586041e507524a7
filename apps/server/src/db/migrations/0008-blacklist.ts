import { type Kysely, sql } from 'kysely';

/**
 * The operator's blacklist of recipients (docs/emails.md, "Recipient checks"): whole addresses or
 * whole domains (a domain also blocks its subdomains), each with the reason shown to the sender.
 * Values are kept in lower case; the unique index makes one entry per value and kind.
 *
 * Also the index the hard-bounce rule reads: the last message to an address, by address
 * (case-insensitive), so checking a recipient never scans the messages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE blacklist (
      bla_codigo serial PRIMARY KEY,
      bla_tipo varchar(10) NOT NULL CHECK (bla_tipo IN ('email', 'dominio')),
      bla_valor varchar(254) NOT NULL CHECK (bla_valor = lower(bla_valor) AND bla_valor <> ''),
      bla_motivo varchar(300) NOT NULL,
      bla_data_criacao timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX blacklist_valor ON blacklist (bla_tipo, bla_valor);

    CREATE INDEX emails_destinatario ON emails (lower(ema_uni_to), ema_uni_codigo DESC) WHERE ema_uni_to IS NOT NULL;
  `.execute(db);
}
