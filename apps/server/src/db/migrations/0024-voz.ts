import { type Kysely, sql } from 'kysely';

/**
 * AR-Voz (docs/voice.md). `emails.ema_uni_voz`: the number called and the name given at compose
 * ({numberTo, name}, the spec's voz_payload.numberTo), outside the message's hash: the voice
 * channel's 'processed' event carries the same values, chained. `voz_chamadas`: each call placed
 * (one per try), with Twilio's CallSid — how a status, recording or key-press callback finds its
 * message and its try, and why a retried job does not dial twice for the same try.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE emails ADD COLUMN ema_uni_voz jsonb;
    CREATE TABLE voz_chamadas (
      call_sid varchar(64) PRIMARY KEY,
      cod_email integer NOT NULL REFERENCES emails(ema_uni_codigo) ON DELETE CASCADE,
      tentativa smallint NOT NULL,
      provedor varchar(20) NOT NULL,
      numero varchar(20) NOT NULL,
      status varchar(20) NOT NULL DEFAULT 'queued',
      resposta jsonb NOT NULL DEFAULT '{}'::jsonb,
      criado timestamptz NOT NULL DEFAULT now(),
      UNIQUE (cod_email, tentativa)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE voz_chamadas; ALTER TABLE emails DROP COLUMN ema_uni_voz`.execute(db);
}
