import { type Kysely, sql } from 'kysely';

/**
 * The phone channels (docs/channels.md). `mensagens_provedor`: each SMS or WhatsApp a provider
 * accepted, with the provider's id for it (Twilio's sid, Meta's wamid, Zenvia's id) — how a
 * callback finds its message, how a reply without a reference finds the last message sent to a
 * number, and why a retried send job does not send twice (one row per message and channel).
 * `provedor_eventos`: each provider event applied, by the provider's own key for it, written in the
 * transaction of its chain append, so a callback delivered twice is recorded once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE mensagens_provedor (
      cod_email integer NOT NULL REFERENCES emails(ema_uni_codigo) ON DELETE CASCADE,
      canal varchar(10) NOT NULL CHECK (canal IN ('sms', 'whatsapp')),
      provedor varchar(20) NOT NULL,
      id_provedor varchar(200) NOT NULL,
      numero varchar(20) NOT NULL,
      resposta jsonb NOT NULL DEFAULT '{}'::jsonb,
      criado timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (cod_email, canal),
      UNIQUE (provedor, id_provedor)
    );
    CREATE INDEX mensagens_provedor_numero ON mensagens_provedor (canal, numero, criado DESC);
    CREATE TABLE provedor_eventos (
      provedor varchar(20) NOT NULL,
      chave varchar(300) NOT NULL,
      cod_email integer NOT NULL REFERENCES emails(ema_uni_codigo) ON DELETE CASCADE,
      recebido timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (provedor, chave)
    );
    CREATE INDEX provedor_eventos_email ON provedor_eventos (cod_email);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE provedor_eventos; DROP TABLE mensagens_provedor`.execute(db);
}
