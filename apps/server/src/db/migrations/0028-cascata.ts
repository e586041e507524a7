import { type Kysely, sql } from 'kysely';

/**
 * The channel cascade (docs/cascade.md).
 * - `cascatas`: one row per message sent with a plan: the model ('cpc246' or 'personalizada').
 * - `cascata_etapas`: the plan's steps, in order: the channel, the condition to move on to it
 *   (null for the first), and what became of it: 'aguardando' (its `prazo` set once the step before
 *   it went), 'enviada' or 'pulada', when it was decided, why (the same words as the event chained
 *   in the message's history), and the credits its sending debited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE cascatas (
      cod_email integer PRIMARY KEY REFERENCES emails(ema_uni_codigo) ON DELETE CASCADE,
      cas_modelo varchar(20) NOT NULL,
      cas_criada timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE cascata_etapas (
      cod_email integer NOT NULL REFERENCES cascatas(cod_email) ON DELETE CASCADE,
      eta_ordem smallint NOT NULL,
      eta_canal varchar(10) NOT NULL,
      eta_condicao jsonb,
      eta_situacao varchar(12) NOT NULL DEFAULT 'aguardando',
      eta_desde timestamptz,
      eta_prazo timestamptz,
      eta_decidida timestamptz,
      eta_motivo text,
      eta_creditos integer NOT NULL DEFAULT 0,
      PRIMARY KEY (cod_email, eta_ordem)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE cascata_etapas; DROP TABLE cascatas;`.execute(db);
}
