import { type Kysely, sql } from 'kysely';

/**
 * The embedded provider simulator's phone (docs/phone-simulator.md): every message it carried,
 * both ways. 'saida' is product → phone (a Twilio Messages.json or a Graph /messages request it
 * accepted), 'entrada' is phone → product (a reply typed or a button pressed on /dev/telefone).
 * It belongs to no tenant: like the captured mailbox, it exists only for whoever runs the
 * simulator. sim_status is the provider's word for where the message is (Twilio's queued, sent,
 * delivered, undelivered; Meta's accepted, sent, delivered, read, failed; an inbound one's
 * delivery to the product's webhook: enviando, entregue, falhou).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE simulador_mensagens (
      sim_codigo serial PRIMARY KEY,
      sim_provedor varchar(10) NOT NULL CHECK (sim_provedor IN ('twilio', 'meta')),
      sim_id_provedor varchar(120) NOT NULL,
      sim_direcao varchar(7) NOT NULL CHECK (sim_direcao IN ('saida', 'entrada')),
      sim_canal varchar(10) NOT NULL CHECK (sim_canal IN ('sms', 'whatsapp')),
      sim_numero varchar(20) NOT NULL,
      sim_de varchar(40) NOT NULL,
      sim_corpo text NOT NULL,
      sim_parametros jsonb,
      sim_contexto varchar(120),
      sim_status_callback text,
      sim_status varchar(20) NOT NULL,
      sim_erro integer,
      sim_criado timestamptz NOT NULL DEFAULT now(),
      sim_atualizado timestamptz NOT NULL DEFAULT now(),
      UNIQUE (sim_provedor, sim_id_provedor)
    );
    CREATE INDEX simulador_mensagens_numero ON simulador_mensagens (sim_numero, sim_codigo);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE simulador_mensagens`.execute(db);
}
