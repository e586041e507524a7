import { type Kysely, sql } from 'kysely';

/**
 * Plans and the credit ledger (spec 000 §3, issue 5).
 *
 * - planos: one plan per owner. pla_nivel 1 = a user's plan (pla_codigo_usu_ent = usu_codigo),
 *   2 = an entity's plan (pla_codigo_usu_ent = ent_codigo). pla_total_credito is the balance of a
 *   prepaid plan (never below zero) or the credits used so far by a postpaid plan.
 * - log_creditos: the store's orders as received (log_creditos holds the WooCommerce order).
 * - plano_movimentos: the ledger. Every change of pla_total_credito is one row with who, when,
 *   why and the total after it; mov_creditos is the signed change applied to pla_total_credito.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE planos (
      pla_codigo serial PRIMARY KEY,
      pla_tipo_plano char(1) NOT NULL CHECK (pla_tipo_plano IN ('1', '2')),
      pla_nivel smallint NOT NULL CHECK (pla_nivel IN (1, 2)),
      pla_codigo_usu_ent integer NOT NULL,
      pla_total_credito integer NOT NULL DEFAULT 0,
      pla_ativo smallint NOT NULL DEFAULT 1 CHECK (pla_ativo IN (0, 1)),
      pla_dia_referencia smallint NOT NULL DEFAULT 1 CHECK (pla_dia_referencia BETWEEN 1 AND 28),
      pla_data_criacao timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT planos_saldo_pre_pago CHECK (pla_tipo_plano <> '1' OR pla_total_credito >= 0),
      CONSTRAINT planos_dono UNIQUE (pla_nivel, pla_codigo_usu_ent)
    );

    CREATE TABLE log_creditos (
      log_codigo serial PRIMARY KEY,
      log_pedido_id bigint NOT NULL UNIQUE,
      log_creditos jsonb NOT NULL,
      log_status varchar(40) NOT NULL,
      log_quantidade integer NOT NULL DEFAULT 0 CHECK (log_quantidade >= 0),
      cod_usu integer REFERENCES usuarios(usu_codigo),
      cod_plano integer REFERENCES planos(pla_codigo),
      log_creditado_em timestamptz,
      log_data timestamptz NOT NULL DEFAULT now(),
      log_atualizado timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX log_creditos_plano ON log_creditos (cod_plano, log_codigo);

    CREATE TABLE plano_movimentos (
      mov_codigo serial PRIMARY KEY,
      cod_plano integer NOT NULL REFERENCES planos(pla_codigo),
      mov_tipo varchar(10) NOT NULL CHECK (mov_tipo IN ('compra', 'ajuste', 'debito', 'estorno')),
      mov_creditos integer NOT NULL CHECK (mov_creditos <> 0),
      mov_saldo_apos integer NOT NULL CHECK (mov_saldo_apos >= 0),
      cod_usu_autor integer REFERENCES usuarios(usu_codigo),
      mov_motivo varchar(300) NOT NULL,
      mov_referencia varchar(100),
      cod_log integer REFERENCES log_creditos(log_codigo),
      mov_data timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX plano_movimentos_plano ON plano_movimentos (cod_plano, mov_data);
    CREATE INDEX plano_movimentos_referencia ON plano_movimentos (mov_referencia) WHERE mov_referencia IS NOT NULL;
    -- A store order adds credits once, whatever the webhook delivers.
    CREATE UNIQUE INDEX plano_movimentos_compra_unica ON plano_movimentos (cod_log) WHERE mov_tipo = 'compra';
  `.execute(db);
}
